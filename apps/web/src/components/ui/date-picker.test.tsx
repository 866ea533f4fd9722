import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DatePicker } from './date-picker';

const Harness = ({
  initial = null,
  onChange,
}: {
  initial?: Date | null;
  onChange?: (d: Date | null) => void;
}) => {
  const [value, setValue] = useState<Date | null>(initial);
  return (
    <DatePicker
      aria-label="Start date"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
    />
  );
};

const dayButton = (name: RegExp) =>
  within(screen.getByRole('dialog')).getByRole('button', { name });

describe('DatePicker', () => {
  it("picks a day and shows it as 'MMMM d, yyyy'", async () => {
    const onChange = vi.fn();
    render(<Harness initial={new Date(2024, 2, 1)} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Start date: March 1, 2024' }));
    await user.click(dayButton(/March 15th, 2024/));
    expect(onChange).toHaveBeenLastCalledWith(new Date(2024, 2, 15));
    expect(screen.getByRole('button', { name: /Start date/ })).toHaveTextContent('March 15, 2024');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('clears the value when the selected day is chosen again', async () => {
    const onChange = vi.fn();
    render(<Harness initial={new Date(2024, 2, 15)} onChange={onChange} />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Start date/ }));
    await user.click(dayButton(/March 15th, 2024/));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('button', { name: /Start date/ })).toHaveTextContent('Pick a date');
  });

  it('offers 200 years ending 4 years after this one', async () => {
    render(<Harness />);
    await userEvent.setup().click(screen.getByRole('button', { name: /Start date/ }));
    const years = within(screen.getByRole('combobox', { name: /year/i }))
      .getAllByRole('option')
      .map((option) => Number(option.textContent));
    const last = new Date().getFullYear() + 4;
    expect(years).toHaveLength(200);
    expect(years.at(-1)).toBe(last);
    expect(years[0]).toBe(last - 199);
  });
});
