import { NotebookPen, Pencil } from 'lucide-react';
import { Button } from '../../../components/ui/button';
import { useProjectNotes } from '../api/notes';
import { DateTime } from '../../../components/ui/date-time';
import { ProjectNoteDrawer } from './project-note-drawer';
import { ChildCard } from './child-card';
import { NoteStatusBadge } from './status-badge';

const excerpt = (text: string, length = 40) => {
  const line = text.trim().replace(/\s+/g, ' ');
  return line.length > length ? `${line.slice(0, length - 1)}…` : line;
};

/** The project's notes, newest first, each with its status (spec §2, §4). */
export const NotesCard = ({ projectId, canEdit }: { projectId: number; canEdit: boolean }) => {
  const notes = useProjectNotes(projectId);

  return (
    <ChildCard
      title="Notes"
      drawerKey="note"
      query={notes}
      canEdit={canEdit}
      add="Add Note"
      empty={{
        icon: NotebookPen,
        title: 'No notes yet',
        hint: 'Keep decisions, blockers and next steps here.',
      }}
      drawer={(frame, note) => <ProjectNoteDrawer {...frame} projectId={projectId} note={note} />}
    >
      {(list, edit) => (
        <ul aria-label="Notes" className="divide-y divide-slate-100">
          {list.map((note) => (
            <li key={note.id} className="px-5 py-4">
              <div className="flex items-center justify-between gap-3">
                <div className="flex items-center gap-2.5">
                  <NoteStatusBadge status={note.status} />
                  <DateTime value={note.created_at} className="text-xs text-slate-500" />
                </div>
                {canEdit && (
                  <Button
                    variant="ghost"
                    size="icon"
                    className="-my-1 size-8 text-slate-400"
                    aria-label={`Edit note: ${excerpt(note.content)}`}
                    onClick={() => edit(note)}
                  >
                    <Pencil aria-hidden />
                  </Button>
                )}
              </div>
              <p className="mt-2 leading-relaxed break-words whitespace-pre-line text-slate-700">
                {note.content}
              </p>
            </li>
          ))}
        </ul>
      )}
    </ChildCard>
  );
};
