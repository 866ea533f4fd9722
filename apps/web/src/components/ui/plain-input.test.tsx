import { render, screen } from '@testing-library/react';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { Input } from './input';
import { PlainInput, controlClasses, inputBaseClasses } from './plain-input';

const classesOf = (name: string) => screen.getByRole('textbox', { name }).className.split(' ');

describe('the controls’ own classes', () => {
  it('hold no two that conflict, so joining them is merging them', () => {
    for (const invalid of [false, true]) {
      expect(twMerge(controlClasses(invalid))).toBe(controlClasses(invalid));
      expect(twMerge(inputBaseClasses(invalid))).toBe(inputBaseClasses(invalid));
    }
  });
});

describe('Input and PlainInput', () => {
  it('draw the same input when the caller only adds a class', () => {
    render(
      <>
        <Input aria-label="Merged" invalid className="mt-2" />
        <PlainInput aria-label="Joined" invalid className="mt-2" />
      </>,
    );
    expect(classesOf('Joined')).toEqual(classesOf('Merged'));
    expect(screen.getByRole('textbox', { name: 'Joined' })).toHaveAttribute('aria-invalid', 'true');
  });

  it('Input lets a caller restyle one of its own utilities', () => {
    render(<Input aria-label="Amount" className="w-36" />);
    expect(classesOf('Amount')).toContain('w-36');
    expect(classesOf('Amount')).not.toContain('w-full');
  });
});
