import { useState } from 'react';
import { format } from 'date-fns';
import { DatePicker } from '../../../components/ui/date-picker';
import { Field } from '../../../components/ui/field';
import { Readout, Showcase } from './showcase';

export const DatePickerDemo = () => {
  const [value, setValue] = useState<Date | null>(null);
  return (
    <Showcase
      title="Date picker"
      description="Month and year lists cover 200 years, up to four years ahead. Choosing the selected day again clears it."
    >
      <div className="max-w-xs">
        <Field label="Start date" htmlFor="sg-start-date">
          <DatePicker
            id="sg-start-date"
            aria-label="Start date"
            value={value}
            onChange={setValue}
          />
        </Field>
      </div>
      <Readout label="Value sent to the server">
        {value ? format(value, 'yyyy-MM-dd') : 'none'}
      </Readout>
    </Showcase>
  );
};
