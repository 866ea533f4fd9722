import { cn } from './cn';
import {
  ButtonElement,
  buttonBaseClasses,
  type ButtonProps,
  type ButtonSize,
  type ButtonVariant,
} from './plain-button';

export type { ButtonProps, ButtonSize, ButtonVariant } from './plain-button';

export const buttonClasses = ({
  variant = 'primary',
  size = 'md',
  className,
}: { variant?: ButtonVariant; size?: ButtonSize; className?: string } = {}) =>
  cn(buttonBaseClasses(variant, size), className);

/**
 * The portal's button. A caller's `className` is merged over the button's own classes, so it can
 * restyle one (`size-8` on an icon button, a danger colour on a ghost one); the visitor screens
 * use `PlainButton`, which only adds.
 */
export const Button = ({ variant, size, className, ...props }: ButtonProps) => (
  <ButtonElement className={buttonClasses({ variant, size, className })} {...props} />
);
