import { useState, type CSSProperties } from 'react';
import { format } from 'date-fns';
import { CalendarDays } from 'lucide-react';
import { DayPicker } from 'react-day-picker';
import 'react-day-picker/style.css';
import { datePickerYears } from '@portal/contract/format';
import { MOMENT_FORMATS } from '@portal/contract/time';
import { cn } from './cn';
import { controlClasses } from './input';
import { Popover, PopoverContent, PopoverTrigger } from './popover';

/** Spec §9: the general date display. A day, not a moment: no time zone moves it. */
export const DATE_DISPLAY_FORMAT = MOMENT_FORMATS.date;

export type DatePickerProps = {
  value: Date | null;
  onChange(date: Date | null): void;
  placeholder?: string;
  id?: string;
  'aria-label'?: string;
  disabled?: boolean;
  className?: string;
};

const yearRange = () => {
  const years = datePickerYears();
  const first = years[0] ?? new Date().getFullYear();
  const last = years[years.length - 1] ?? first;
  return { startMonth: new Date(first, 0, 1), endMonth: new Date(last, 11, 31) };
};

// DayPicker's own stylesheet, tuned to the portal's palette and density. Inline, because its
// unlayered rules would beat Tailwind's utility layer.
const calendarStyle = {
  '--rdp-accent-color': 'var(--color-brand-600)',
  '--rdp-accent-background-color': 'var(--color-brand-50)',
  '--rdp-today-color': 'var(--color-brand-700)',
  '--rdp-day-height': '2.25rem',
  '--rdp-day-width': '2.25rem',
  '--rdp-day_button-height': '2.125rem',
  '--rdp-day_button-width': '2.125rem',
  '--rdp-day_button-border-radius': '0.5rem',
  '--rdp-selected-border': '2px solid var(--color-brand-600)',
  '--rdp-nav-height': '2.25rem',
  '--rdp-nav_button-height': '2rem',
  '--rdp-nav_button-width': '2rem',
  '--rdp-weekday-opacity': '1',
} as CSSProperties;

export const DatePicker = ({
  value,
  onChange,
  placeholder = 'Pick a date',
  id,
  'aria-label': ariaLabel,
  disabled,
  className,
}: DatePickerProps) => {
  const [open, setOpen] = useState(false);
  const [{ startMonth, endMonth }] = useState(yearRange);

  return (
    <Popover open={open} onOpenChange={setOpen}>
      <PopoverTrigger
        id={id}
        disabled={disabled}
        aria-label={
          ariaLabel
            ? `${ariaLabel}: ${value ? format(value, DATE_DISPLAY_FORMAT) : placeholder}`
            : undefined
        }
        className={cn(
          controlClasses(false),
          'flex h-9 cursor-pointer items-center gap-2 text-left data-[state=open]:border-brand-500 data-[state=open]:ring-3 data-[state=open]:ring-brand-500/20',
          className,
        )}
      >
        <CalendarDays aria-hidden className="size-4 shrink-0 text-slate-400" />
        <span className={cn('truncate', !value && 'text-slate-400')}>
          {value ? format(value, DATE_DISPLAY_FORMAT) : placeholder}
        </span>
      </PopoverTrigger>
      <PopoverContent className="w-auto p-3">
        <DayPicker
          mode="single"
          // Not `required`: picking the selected day again clears the value (spec §2).
          selected={value ?? undefined}
          onSelect={(day) => {
            onChange(day ?? null);
            if (day) setOpen(false);
          }}
          defaultMonth={value ?? undefined}
          captionLayout="dropdown"
          startMonth={startMonth}
          endMonth={endMonth}
          style={calendarStyle}
          className="text-sm text-slate-700"
          classNames={{
            dropdown_root:
              'rdp-dropdown_root rounded-md border border-slate-200 px-2 py-1 font-medium hover:bg-slate-50',
            caption_label: 'rdp-caption_label text-sm',
            weekday: 'rdp-weekday text-xs font-medium text-slate-500',
            today: 'rdp-today font-semibold',
          }}
        />
        {value && (
          <div className="mt-2 flex justify-end border-t border-slate-100 pt-2">
            <button
              type="button"
              onClick={() => {
                onChange(null);
                setOpen(false);
              }}
              className="cursor-pointer rounded px-1.5 py-0.5 text-xs font-medium text-slate-600 hover:bg-slate-100 hover:text-slate-900"
            >
              Clear
            </button>
          </div>
        )}
      </PopoverContent>
    </Popover>
  );
};
