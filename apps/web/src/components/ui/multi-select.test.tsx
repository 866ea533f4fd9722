import { useState } from 'react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MultiSelect, type MultiSelectOption } from './multi-select';

const options: MultiSelectOption[] = [
  { value: 'design', label: 'Design' },
  { value: 'dev', label: 'Development' },
  { value: 'qa', label: 'QA' },
];

const Harness = ({
  initial = [],
  onChange,
}: {
  initial?: string[];
  onChange?: (v: string[]) => void;
}) => {
  const [value, setValue] = useState(initial);
  return (
    <MultiSelect
      aria-label="Services"
      placeholder="Pick services"
      options={options}
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
};

describe('MultiSelect', () => {
  it('shows the placeholder when nothing is selected', () => {
    render(<Harness />);
    expect(screen.getByRole('button', { name: 'Services: Pick services' })).toHaveTextContent(
      'Pick services',
    );
  });

  it("shows '{n} selected' as options are checked, in the options' order", async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Services/ }));
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'QA' }));
    // The menu stays open so several options can be picked in one go.
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Design' }));
    expect(screen.getByRole('menuitemcheckbox', { name: 'Design' })).toHaveAttribute(
      'aria-checked',
      'true',
    );
    expect(onChange).toHaveBeenLastCalledWith(['design', 'qa']);
    await user.keyboard('{Escape}');
    expect(screen.getByRole('button', { name: /Services/ })).toHaveTextContent('2 selected');
  });

  it('unchecks an option and clears the selection', async () => {
    render(<Harness initial={['design', 'dev', 'qa']} />);
    const trigger = screen.getByRole('button', { name: /Services/ });
    expect(trigger).toHaveTextContent('3 selected');
    const user = userEvent.setup();
    await user.click(trigger);
    await user.click(screen.getByRole('menuitemcheckbox', { name: 'Development' }));
    expect(trigger).toHaveTextContent('2 selected');
    await user.click(screen.getByRole('menuitem', { name: 'Clear selection' }));
    expect(trigger).toHaveTextContent('Pick services');
  });
});
