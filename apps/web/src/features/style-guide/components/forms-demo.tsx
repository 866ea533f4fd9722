import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Textarea } from '../../../components/ui/textarea';
import { Showcase, ShowcaseGrid } from './showcase';

export const FormsDemo = () => (
  <ShowcaseGrid>
    <Showcase
      title="Text fields"
      description="Every control has a label; hints and errors sit below it and are read with it."
    >
      <Field label="Email" htmlFor="sg-email">
        <Input id="sg-email" type="email" placeholder="you@example.com" autoComplete="off" />
      </Field>
      <Field
        label="Password"
        htmlFor="sg-password"
        hint="Passwords must be at least 8 characters, with at least one number and one letter."
      >
        <Input id="sg-password" type="password" autoComplete="new-password" />
      </Field>
      <Field label="Company" htmlFor="sg-company" error="This field may not be blank.">
        <Input id="sg-company" invalid defaultValue="" />
      </Field>
      <Field label="Phone" htmlFor="sg-phone">
        <Input id="sg-phone" disabled defaultValue="+1 555 0100" />
      </Field>
    </Showcase>
    <Showcase
      title="Text areas"
      description="For descriptions, comments and notes; they grow on request."
    >
      <Field label="Description" htmlFor="sg-description">
        <Textarea id="sg-description" placeholder="What is this project about?" />
      </Field>
      <Field
        label="Scope of work"
        htmlFor="sg-scope"
        hint="Markdown is supported."
        error="Ensure this field has no more than 5000 characters."
      >
        <Textarea
          id="sg-scope"
          invalid
          rows={3}
          defaultValue="Discovery workshop, wireframes and a clickable prototype."
        />
      </Field>
    </Showcase>
  </ShowcaseGrid>
);
