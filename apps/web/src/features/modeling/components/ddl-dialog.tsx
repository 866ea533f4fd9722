import { Copy, Download } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { Dialog } from '../../../components/ui/dialog';
import { toast } from '../../../components/ui/toast';
import { downloadText, fileBaseName } from '../lib/diagram-image';

/** The diagram as PostgreSQL DDL (lib/ddl), to read, copy or download as a .sql file. */
export const DdlDialog = ({
  open,
  onOpenChange,
  ddl,
  canvasName,
}: {
  open: boolean;
  onOpenChange(open: boolean): void;
  ddl: string;
  canvasName: string;
}) => {
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(ddl);
      toast.success('DDL copied to the clipboard');
    } catch {
      // No clipboard (plain http, or permission refused): the text is selectable in the dialog.
      toast.error('Could not copy; select the text and copy it instead');
    }
  };
  return (
    <Dialog
      open={open}
      onOpenChange={onOpenChange}
      title="PostgreSQL DDL"
      description="CREATE TABLE statements for the models on this canvas, as they are now."
      className="max-w-3xl"
      footer={
        <>
          <Button variant="secondary" onClick={() => void copy()}>
            <Copy aria-hidden />
            Copy
          </Button>
          <Button
            onClick={() =>
              downloadText(ddl, `${fileBaseName(canvasName)}.sql`, 'application/sql;charset=utf-8')
            }
          >
            <Download aria-hidden />
            Download .sql
          </Button>
        </>
      }
    >
      <pre
        aria-label="DDL"
        tabIndex={0}
        className="max-h-[60vh] overflow-auto rounded-md border border-slate-200 bg-slate-50 p-3 font-mono text-xs leading-relaxed whitespace-pre text-slate-800"
      >
        {ddl}
      </pre>
    </Dialog>
  );
};
