import { useState } from 'react';
import { formatFileSize } from '@portal/contract/format';
import { FileUpload, ImageUpload } from '../../../components/ui/file-upload';
import { Readout, Showcase, ShowcaseGrid } from './showcase';

export const FileUploadDemo = () => {
  const [files, setFiles] = useState<File[]>([]);
  const [image, setImage] = useState<File | null>(null);
  const total = files.reduce((sum, file) => sum + file.size, 0);
  return (
    <ShowcaseGrid>
      <Showcase
        title="File upload"
        description="Drop files or browse. Only accepted types are taken, up to the maximum number of files."
      >
        <FileUpload accept={['.pdf', 'image/*', 'text/plain']} maxFiles={3} onFiles={setFiles} />
        <Readout label="Chosen">
          {files.length
            ? `${files.length} file${files.length === 1 ? '' : 's'}, ${formatFileSize(total)}`
            : 'none'}
        </Readout>
      </Showcase>
      <Showcase
        title="Image upload"
        description="A single image with a preview: images only, and the first file wins."
      >
        <ImageUpload label="Profile image" value={null} onChange={setImage} />
        <Readout label="Chosen">
          {image ? `${image.name} (${formatFileSize(image.size)})` : 'none'}
        </Readout>
      </Showcase>
    </ShowcaseGrid>
  );
};
