import { render, screen } from '@testing-library/react';
import type { ReactElement } from 'react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { InlineEditor, type InlineEditorProps } from './inline-editor';

const setup = (props: Partial<InlineEditorProps> = {}) => {
  const onSave = vi.fn();
  const onCancel = vi.fn();
  render(
    <>
      <InlineEditor
        initial="Open the app"
        label="Step 1 description"
        maxLength={100}
        onSave={onSave}
        onCancel={onCancel}
        {...props}
      />
      <button type="button">Elsewhere</button>
    </>,
  );
  return { onSave, onCancel, field: screen.getByRole('textbox', { name: 'Step 1 description' }) };
};

describe('InlineEditor', () => {
  it('opens focused with the caret at the end', () => {
    const { field } = setup();
    expect(field).toHaveFocus();
    expect((field as HTMLInputElement).selectionStart).toBe('Open the app'.length);
  });

  it('saves the trimmed text on Enter, once', async () => {
    const { field, onSave, onCancel } = setup();
    await userEvent.clear(field);
    await userEvent.type(field, '  Sign in  {Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Sign in', 'key');
    // The blur that follows closing the editor does not act again.
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onSave).toHaveBeenCalledOnce();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('cancels on Escape', async () => {
    const first = setup();
    await userEvent.type(first.field, ' and log in{Escape}');
    expect(first.onCancel).toHaveBeenCalledOnce();
    expect(first.onSave).not.toHaveBeenCalled();
  });

  it('takes Enter on empty or unchanged text as a cancel', async () => {
    const { field, onSave, onCancel } = setup();
    await userEvent.type(field, '{Enter}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('in a step editor, Shift+Enter is a new line and Enter saves both lines', async () => {
    const { field, onSave } = setup({ multiline: true });
    await userEvent.type(field, '{Shift>}{Enter}{/Shift}then log in');
    expect(field).toHaveValue('Open the app\nthen log in');
    expect(onSave).not.toHaveBeenCalled();
    await userEvent.type(field, '{Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Open the app\nthen log in', 'key');
  });

  it('saves a changed, non-empty text when left, if it saves on blur', async () => {
    const { field, onSave } = setup({ multiline: true, saveOnBlur: true });
    await userEvent.type(field, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Open the app!', 'blur');
  });

  it('saves nothing empty when left, and cancels instead', async () => {
    const { field, onSave, onCancel } = setup({ multiline: true, saveOnBlur: true });
    await userEvent.clear(field);
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('cancels when left, if it does not save on blur (a flow name)', async () => {
    const { field, onSave, onCancel } = setup();
    await userEvent.type(field, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onCancel).toHaveBeenCalledOnce();
  });

  it('closes after a click elsewhere is over, so the click lands where it was aimed', async () => {
    const onCancel = vi.fn();
    const calledWhenClicked: boolean[] = [];
    render(
      <>
        <InlineEditor
          initial=""
          label="New step description"
          maxLength={100}
          saveOnBlur
          onSave={vi.fn()}
          onCancel={onCancel}
        />
        <button
          type="button"
          onClick={() => calledWhenClicked.push(onCancel.mock.calls.length > 0)}
        >
          Below
        </button>
      </>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Below' }));
    expect(calledWhenClicked).toEqual([false]);
    await vi.waitFor(() => expect(onCancel).toHaveBeenCalledOnce());
  });

  it('saves with the Save button without the blur cancelling first', async () => {
    const { field, onSave, onCancel } = setup();
    await userEvent.type(field, '!');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Open the app!', 'key');
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('ignores Enter and leaving while a save is on its way', async () => {
    const { field, onSave, onCancel } = setup({ pending: true, saveOnBlur: true });
    await userEvent.type(field, '{Enter}');
    await userEvent.click(screen.getByRole('button', { name: 'Elsewhere' }));
    expect(onSave).not.toHaveBeenCalled();
    expect(onCancel).not.toHaveBeenCalled();
  });

  it('closes on Escape while a save is on its way (the save goes on)', async () => {
    const { field, onSave, onCancel } = setup({ pending: true });
    await userEvent.type(field, '{Escape}');
    expect(onCancel).toHaveBeenCalledOnce();
    expect(onSave).not.toHaveBeenCalled();
  });

  it('keeps the text after a failed save, and saves it again on the next Enter', async () => {
    const onSave = vi.fn();
    const editor = (pending: boolean): ReactElement => (
      <InlineEditor
        initial=""
        label="New step description"
        maxLength={100}
        multiline
        saveOnBlur
        pending={pending}
        onSave={onSave}
        onCancel={vi.fn()}
      />
    );
    const { rerender } = render(editor(false));
    const field = screen.getByRole('textbox', { name: 'New step description' });
    await userEvent.type(field, 'Pay with a test card{Enter}');
    expect(onSave).toHaveBeenCalledExactlyOnceWith('Pay with a test card', 'key');
    // The save is on its way, then refused: the editor stays, with the reader's text.
    rerender(editor(true));
    rerender(editor(false));
    expect(field).toHaveValue('Pay with a test card');
    await userEvent.type(field, '{Enter}');
    expect(onSave).toHaveBeenCalledTimes(2);
    expect(onSave).toHaveBeenLastCalledWith('Pay with a test card', 'key');
  });
});
