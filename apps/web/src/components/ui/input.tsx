import { cn } from './cn';
import { InputElement, inputBaseClasses, type InputProps } from './plain-input';

export { controlClasses, type InputProps } from './plain-input';

/**
 * The portal's text input. A caller's `className` is merged over the input's own classes, so it
 * can restyle one (`w-36` for a short amount, `pl-9` beside an icon); the visitor screens use
 * `PlainInput`, which only adds.
 */
export const Input = ({ invalid, className, ...props }: InputProps) => (
  <InputElement invalid={invalid} className={cn(inputBaseClasses(invalid), className)} {...props} />
);
