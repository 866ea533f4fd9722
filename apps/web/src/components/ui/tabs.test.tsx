import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { TAB_SCROLL_STEP, Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

const renderTabs = () =>
  render(
    <Tabs defaultValue="profile">
      <TabsList aria-label="Account">
        <TabsTrigger value="profile">Profile</TabsTrigger>
        <TabsTrigger value="password">Password</TabsTrigger>
      </TabsList>
      <TabsContent value="profile">Profile panel</TabsContent>
      <TabsContent value="password">Password panel</TabsContent>
    </Tabs>,
  );

afterEach(() => vi.restoreAllMocks());

describe('Tabs', () => {
  it('switches panels', async () => {
    renderTabs();
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Profile panel');
    await userEvent.setup().click(screen.getByRole('tab', { name: 'Password' }));
    expect(screen.getByRole('tab', { name: 'Password' })).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel')).toHaveTextContent('Password panel');
  });

  it('has no scroll buttons when the tabs fit', () => {
    renderTabs();
    expect(screen.queryByRole('button', { name: /Scroll tabs/ })).not.toBeInTheDocument();
  });

  it('scrolls an overflowing tab bar by 300 px per click', async () => {
    // jsdom has no layout: make the bar 200 px wide with 1000 px of tabs.
    vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(200);
    vi.spyOn(HTMLElement.prototype, 'scrollWidth', 'get').mockReturnValue(1000);
    const scrollBy = vi.fn();
    HTMLElement.prototype.scrollBy = scrollBy;
    renderTabs();
    const right = await screen.findByRole('button', { name: 'Scroll tabs right' });
    expect(screen.queryByRole('button', { name: 'Scroll tabs left' })).not.toBeInTheDocument();
    await userEvent.setup().click(right);
    expect(TAB_SCROLL_STEP).toBe(300);
    expect(scrollBy).toHaveBeenCalledWith({ left: 300, behavior: 'smooth' });
  });
});
