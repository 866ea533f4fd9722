import { useMemo, useState } from 'react';
import { Copy, Download } from 'lucide-react';
import {
  EXPORT_FORMATS,
  EXPORT_FORMAT_INFO,
  type ExportFormat,
} from '@portal/contract/canvas-export/formats';
import type { ExportDiagram } from '@portal/contract/canvas-export/tables';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../../components/ui/tabs';
import { toast } from '../../../components/ui/toast';
import { downloadText, fileBaseName } from '../lib/diagram-image';

const isFormat = (value: string): value is ExportFormat =>
  EXPORT_FORMATS.some((format) => format === value);

/**
 * The diagram as text a developer takes away (issue 29): PostgreSQL or MySQL DDL, DBML, a Prisma
 * schema or a Mermaid erDiagram, one tab each, to read, copy or download with its extension. Each
 * text is made when its tab is shown, from the diagram as it was when the dialog opened.
 */
export const ExportDialog = ({
  open,
  onOpenChange,
  diagram,
  canvasName,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  diagram: ExportDiagram;
  canvasName: string;
}) => {
  const [format, setFormat] = useState<ExportFormat>('postgresql');
  const info = EXPORT_FORMAT_INFO[format];
  const text = useMemo(() => info.generate(diagram, canvasName), [info, diagram, canvasName]);
  const fileName = `${fileBaseName(canvasName)}.${info.extension}`;
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(text);
      toast.success(`${info.label} copied to the clipboard`);
    } catch {
      // No clipboard (plain http, or permission refused): the text is selectable in the dialog.
      toast.error('Could not copy; select the text and copy it instead');
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="Export the data model"
      description={info.description}
      className="max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden />
            Copy
          </Button>
          <Button onClick={() => downloadText(text, fileName, info.mimeType)}>
            <Download aria-hidden />
            Download .{info.extension}
          </Button>
        </>
      }
    >
      <Tabs value={format} onValueChange={(value) => isFormat(value) && setFormat(value)}>
        <TabsList aria-label="Format">
          {EXPORT_FORMATS.map((each) => (
            <TabsTrigger key={each} value={each}>
              {EXPORT_FORMAT_INFO[each].label}
            </TabsTrigger>
          ))}
        </TabsList>
        {EXPORT_FORMATS.map((each) => (
          <TabsContent key={each} value={each} className="mt-3">
            {each === format && (
              <pre
                aria-label={`${EXPORT_FORMAT_INFO[each].label} export`}
                tabIndex={0}
                className="max-h-[55vh] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-relaxed whitespace-pre text-slate-800"
              >
                {text}
              </pre>
            )}
          </TabsContent>
        ))}
      </Tabs>
    </Dialog>
  );
};
