import { render, screen } from '@testing-library/react';
import { twMerge } from 'tailwind-merge';
import { describe, expect, it } from 'vitest';
import { Button } from './button';
import {
  PlainButton,
  buttonBaseClasses,
  type ButtonSize,
  type ButtonVariant,
} from './plain-button';

const VARIANTS: ButtonVariant[] = ['primary', 'secondary', 'ghost', 'danger', 'link'];
const SIZES: ButtonSize[] = ['sm', 'md', 'icon'];

const classesOf = (name: string) => screen.getByRole('button', { name }).className.split(' ');

describe('buttonBaseClasses', () => {
  it('holds no two classes that conflict, so joining them is merging them', () => {
    for (const variant of VARIANTS)
      for (const size of SIZES) {
        const classes = buttonBaseClasses(variant, size);
        expect(twMerge(classes), `${variant} ${size}`).toBe(classes);
      }
  });

  it('gives a link the height of its text and no side padding, whatever its size', () => {
    const link = buttonBaseClasses('link', 'md').split(' ');
    expect(link).toEqual(expect.arrayContaining(['h-auto', 'px-0', 'gap-2', 'text-sm']));
    expect(link).not.toContain('h-9');
    expect(link).not.toContain('px-4');
  });
});

describe('Button and PlainButton', () => {
  it('draw the same button when the caller only adds a class', () => {
    render(
      <>
        <Button variant="secondary" className="w-full">
          Merged
        </Button>
        <PlainButton variant="secondary" className="w-full">
          Joined
        </PlainButton>
      </>,
    );
    expect(classesOf('Joined')).toEqual(classesOf('Merged'));
  });

  it('Button lets a caller restyle one of its own utilities', () => {
    render(
      <Button variant="ghost" size="icon" className="size-8 text-red-600" aria-label="Delete" />,
    );
    expect(classesOf('Delete')).toEqual(expect.arrayContaining(['size-8', 'text-red-600']));
    expect(classesOf('Delete')).not.toContain('size-9');
    expect(classesOf('Delete')).not.toContain('text-slate-600');
  });

  it('is busy and disabled while loading, and lends its look to a child', () => {
    render(
      <>
        <PlainButton loading>Save</PlainButton>
        <PlainButton asChild variant="secondary">
          <a href="/sign-up">Sign Up</a>
        </PlainButton>
      </>,
    );
    const save = screen.getByRole('button', { name: 'Save' });
    expect(save).toBeDisabled();
    expect(save).toHaveAttribute('aria-busy', 'true');
    expect(save).toHaveAttribute('type', 'button');
    expect(screen.getByRole('link', { name: 'Sign Up' })).toHaveClass('border-slate-300');
  });
});
