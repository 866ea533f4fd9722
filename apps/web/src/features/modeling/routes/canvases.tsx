import { useCallback, useMemo, useState } from 'react';
import type { CanvasSummary } from '@portal/contract/canvas';
import { Page } from '../../../components/layout/page';
import { Card, CardBody, CardHeader } from '../../../components/ui/card';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog';
import { toast } from '../../../components/ui/toast';
import { toastError } from '../../../lib/errors';
import { PageQuery } from '../../projects/components/query-states';
import { useCanvases, useDeleteCanvas } from '../api/canvases';
import { CanvasCreateForm } from '../components/canvas-create-form';
import { CanvasList } from '../components/canvas-list';

const byName = (a: CanvasSummary, b: CanvasSummary) =>
  a.name.localeCompare(b.name, undefined, { sensitivity: 'base' }) || a.id - b.id;

/** /experimental/modeling: every canvas and the create form (spec §2 "Modeling"), staff only. */
export const CanvasesRoute = () => {
  const canvases = useCanvases();
  const remove = useDeleteCanvas();
  // The dialog keeps naming its canvas while it closes, so the two are separate states.
  const [deleting, setDeleting] = useState<CanvasSummary | null>(null);
  const [confirming, setConfirming] = useState(false);
  const sorted = useMemo(() => canvases.data?.toSorted(byName), [canvases.data]);

  const askDelete = useCallback((canvas: CanvasSummary) => {
    setDeleting(canvas);
    setConfirming(true);
  }, []);

  const onConfirmDelete = () => {
    if (!deleting) return;
    remove.mutate(deleting.id, {
      onSuccess: () => {
        toast.success(`${deleting.name} was deleted`);
        setConfirming(false);
      },
      onError: (error) => {
        setConfirming(false);
        toastError(error);
      },
    });
  };

  return (
    <Page title="DB Modeling">
      <Card className="mb-6">
        <CardHeader title="New canvas" description="A canvas holds one client's data model." />
        <CardBody>
          <CanvasCreateForm />
        </CardBody>
      </Card>
      <PageQuery query={canvases} what="canvases">
        {() => (
          <Card className="overflow-hidden">
            <CanvasList canvases={sorted ?? []} onDelete={askDelete} />
          </Card>
        )}
      </PageQuery>
      <ConfirmDialog
        open={confirming}
        onOpenChange={setConfirming}
        title="Delete Canvas"
        message={
          <>
            <p>Are you sure you want to delete this canvas?</p>
            {deleting && (
              <p className="mt-2 font-medium text-slate-800">
                {deleting.name}{' '}
                <span className="font-normal text-slate-500">· {deleting.client_name}</span>
              </p>
            )}
          </>
        }
        confirmLabel="Delete"
        danger
        pending={remove.isPending}
        onConfirm={onConfirmDelete}
      />
    </Page>
  );
};
