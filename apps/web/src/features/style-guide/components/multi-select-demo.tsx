import { useState } from 'react';
import { Field } from '../../../components/ui/field';
import { MultiSelect } from '../../../components/ui/multi-select';
import { Readout, Showcase } from './showcase';

const services = [
  { value: 'discovery', label: 'Discovery' },
  { value: 'ux', label: 'UX design' },
  { value: 'ui', label: 'Visual design' },
  { value: 'web', label: 'Web development' },
  { value: 'mobile', label: 'Mobile development' },
  { value: 'qa', label: 'Quality assurance' },
];

export const MultiSelectDemo = () => {
  const [value, setValue] = useState<string[]>(['ux', 'web']);
  return (
    <Showcase
      title="Multi-select"
      description="Pick several options from a list; the closed control says how many are selected."
    >
      <div className="max-w-xs">
        <Field label="Services" htmlFor="sg-services">
          <MultiSelect
            id="sg-services"
            aria-label="Services"
            placeholder="Choose services"
            options={services}
            value={value}
            onChange={setValue}
          />
        </Field>
      </div>
      <Readout label="Value">
        {value.length
          ? services
              .filter((s) => value.includes(s.value))
              .map((s) => s.label)
              .join(', ')
          : 'none'}
      </Readout>
    </Showcase>
  );
};
