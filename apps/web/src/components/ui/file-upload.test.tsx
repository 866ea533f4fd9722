import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FileUpload, ImageUpload } from './file-upload';
import { Toaster, toast } from './toast';

const file = (name: string, type: string, size = 10) =>
  new File([new Uint8Array(size)], name, { type });

afterEach(() => {
  act(() => {
    toast.dismiss();
  });
});

// Toasts stack in sonner, which jsdom reports as hidden; the text is what matters here.
const expectToast = async (text: string) =>
  expect(await screen.findByText(text)).toBeInTheDocument();

describe('FileUpload', () => {
  it('shows the drop area texts', () => {
    render(<FileUpload onFiles={() => undefined} />);
    expect(screen.getByText('Drop files here')).toBeInTheDocument();
    expect(screen.getByText('or')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Browse Files' })).toBeInTheDocument();
  });

  it('lists browsed files with their sizes in base 1024', async () => {
    const onFiles = vi.fn();
    render(<FileUpload accept={['.pdf', 'image/*']} onFiles={onFiles} />);
    const user = userEvent.setup();
    await user.upload(screen.getByLabelText('Choose files'), [
      file('brief.pdf', 'application/pdf', 1536),
      file('logo.png', 'image/png', 3 * 1024 * 1024),
    ]);
    expect(onFiles).toHaveBeenLastCalledWith([
      expect.objectContaining({ name: 'brief.pdf' }),
      expect.objectContaining({ name: 'logo.png' }),
    ]);
    const list = screen.getByRole('list', { name: 'Chosen files' });
    expect(within(list).getByText('1.5 KB')).toBeInTheDocument();
    expect(within(list).getByText('3.0 MB')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Remove brief.pdf' }));
    expect(onFiles).toHaveBeenLastCalledWith([expect.objectContaining({ name: 'logo.png' })]);
  });

  it("toasts 'File type not supported {type}' for a dropped file outside the accept list", async () => {
    const onFiles = vi.fn();
    render(
      <>
        <Toaster />
        <FileUpload accept={['.pdf']} onFiles={onFiles} />
      </>,
    );
    const zone = screen.getByText('Drop files here').parentElement as HTMLElement;
    fireEvent.drop(zone, {
      dataTransfer: { files: [file('virus.exe', 'application/x-msdownload')], types: ['Files'] },
    });
    await expectToast('File type not supported application/x-msdownload');
    expect(onFiles).not.toHaveBeenCalled();
  });

  it('accepts a dropped file that matches', () => {
    const onFiles = vi.fn();
    render(<FileUpload accept={['audio/*']} onFiles={onFiles} />);
    const zone = screen.getByText('Drop files here').parentElement as HTMLElement;
    fireEvent.drop(zone, {
      dataTransfer: { files: [file('song.mp3', 'audio/mpeg')], types: ['Files'] },
    });
    expect(onFiles).toHaveBeenCalledWith([expect.objectContaining({ name: 'song.mp3' })]);
  });

  it("toasts 'Exceeded maximum number of files' past maxFiles", async () => {
    const onFiles = vi.fn();
    render(
      <>
        <Toaster />
        <FileUpload maxFiles={2} onFiles={onFiles} />
      </>,
    );
    const user = userEvent.setup();
    const input = screen.getByLabelText('Choose files');
    await user.upload(input, [file('a.txt', 'text/plain'), file('b.txt', 'text/plain')]);
    expect(onFiles).toHaveBeenCalledTimes(1);
    await user.upload(input, [file('c.txt', 'text/plain')]);
    await expectToast('Exceeded maximum number of files. Max files allowed: 2');
    expect(onFiles).toHaveBeenCalledTimes(1);
    expect(
      within(screen.getByRole('list', { name: 'Chosen files' })).getAllByRole('listitem'),
    ).toHaveLength(2);
  });
});

describe('ImageUpload', () => {
  it('takes the first image, previews it and can remove it', async () => {
    const onChange = vi.fn();
    render(<ImageUpload label="Profile image" value={null} onChange={onChange} />);
    const user = userEvent.setup();
    const first = file('me.png', 'image/png');
    await user.upload(screen.getByLabelText('Choose profile image'), first);
    expect(onChange).toHaveBeenLastCalledWith(first);
    expect(await screen.findByRole('img', { name: 'Profile image preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^data:image\/png/),
    );
    await user.click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
  });

  it('shows the current image and rejects anything but images', async () => {
    const onChange = vi.fn();
    render(
      <>
        <Toaster />
        <ImageUpload label="Logo" value="/media/logo.png" onChange={onChange} />
      </>,
    );
    expect(screen.getByRole('img', { name: 'Logo preview' })).toHaveAttribute(
      'src',
      '/media/logo.png',
    );
    const zone = screen.getByRole('img', { name: 'Logo preview' }).parentElement as HTMLElement;
    fireEvent.drop(zone, {
      dataTransfer: {
        files: [file('notes.pdf', 'application/pdf'), file('me.png', 'image/png')],
        types: ['Files'],
      },
    });
    await expectToast('File type not supported application/pdf');
    expect(onChange).not.toHaveBeenCalled();
  });
});
