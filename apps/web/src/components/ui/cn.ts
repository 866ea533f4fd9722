import { clsx, type ClassValue } from 'clsx';
import { twMerge } from 'tailwind-merge';

/** Joins class names so that a caller's `className` overrides the component's own utilities. */
export const cn = (...inputs: ClassValue[]): string => twMerge(clsx(inputs));
