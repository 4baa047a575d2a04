import { useState, type ReactNode } from 'react';
import { useIntl } from 'react-intl';
import type { MessageId } from '../../src-shared/i18n/catalogues/en.ts';
import type { VideoProjectView } from '../../src-shared/ipc/contract.ts';
import { Select } from '../ui/Select.tsx';
import { ActionMenu } from './ActionMenu.tsx';
import { ConfirmRemove, removalWords, type Note } from './ArrangeControls.tsx';
import { useVideo } from './video-store.ts';

/** The panels the project menu opens; the workspace shows them. */
export type ProjectPanel = 'film' | 'spending' | 'import';

/**
 * The project's name, renamed where it stands: a click on it (or Rename… in the menu) makes it
 * a field; Enter saves, Escape puts the name back, and an empty name is refused with a
 * sentence rather than sent.
 */
function ProjectName(props: {
  project: VideoProjectView;
  editing: boolean;
  onEditing: (editing: boolean) => void;
  onNote: Note;
}) {
  const intl = useIntl();
  const { project, onEditing } = props;
  const arrange = useVideo((state) => state.arrange);
  const [empty, setEmpty] = useState(false);
  if (!props.editing) {
    return (
      <h2 className="project-title">
        <button
          type="button"
          className="project-name"
          title={intl.formatMessage({ id: 'project.nameHint' })}
          onClick={() => onEditing(true)}
        >
          {project.name}
        </button>
      </h2>
    );
  }
  const stop = () => {
    setEmpty(false);
    onEditing(false);
  };
  return (
    <form
      className="rename-form"
      onSubmit={(event) => {
        event.preventDefault();
        const field = event.currentTarget.elements.namedItem('rename') as HTMLInputElement;
        if (!field.value.trim()) return setEmpty(true);
        void arrange('video:renameProject', { projectId: project.id, name: field.value }).then(
          (refused) => {
            props.onNote(refused);
            if (!refused) stop();
          },
        );
      }}
    >
      <input
        name="rename"
        aria-label={intl.formatMessage({ id: 'arrange.projectName' })}
        aria-invalid={empty}
        aria-describedby={empty ? 'project-name-empty' : undefined}
        defaultValue={project.name}
        autoFocus
        onFocus={(event) => event.currentTarget.select()}
        onChange={() => setEmpty(false)}
        onKeyDown={(event) => {
          if (event.key !== 'Escape') return;
          event.preventDefault();
          stop();
        }}
      />
      <button type="submit">{intl.formatMessage({ id: 'arrange.saveName' })}</button>
      <button type="button" onClick={stop}>
        {intl.formatMessage({ id: 'arrange.cancel' })}
      </button>
      {empty && (
        <span id="project-name-empty" className="error" role="alert">
          {intl.formatMessage({ id: 'project.nameEmpty' }, { name: project.name })}
        </span>
      )}
    </form>
  );
}

/**
 * The project line: which project (a switcher naming the one shown), its name renamed in
 * place, and every project action in one ⋯ menu, so the picture comes right after.
 */
export function ProjectBar(props: {
  project: VideoProjectView;
  onNote: Note;
  onOpen: (panel: ProjectPanel) => void;
  onExport: () => void;
  createForm: ReactNode;
}) {
  const intl = useIntl();
  const { project, onNote } = props;
  const video = useVideo();
  const [renaming, setRenaming] = useState(false);
  const [removing, setRemoving] = useState(false);
  const say = (id: MessageId) => intl.formatMessage({ id });
  const move = (by: -1 | 1) =>
    void video.arrange('video:move', { kind: 'project', id: project.id, by }).then(onNote);
  const rounds = project.shots.flatMap((shot) => shot.rounds);
  return (
    <div className="project-bar">
      <label className="project-switch">
        {say('project.project')}{' '}
        <Select
          value={project.id}
          options={video.projects.map((p) => ({ value: p.id, label: p.name }))}
          onChange={(event) => video.select(event.target.value)}
        />
      </label>
      <ProjectName
        key={project.id}
        project={project}
        editing={renaming}
        onEditing={setRenaming}
        onNote={onNote}
      />
      <ActionMenu
        label={say('project.actions')}
        actions={[
          { label: say('arrange.rename'), onSelect: () => setRenaming(true) },
          { label: say('project.joinFilm'), onSelect: () => props.onOpen('film') },
          { label: say('project.exportTakes'), onSelect: props.onExport },
          { label: say('project.spending'), onSelect: () => props.onOpen('spending') },
          { label: say('project.importRounds'), onSelect: () => props.onOpen('import') },
          { label: say('arrange.earlier'), onSelect: () => move(-1) },
          { label: say('arrange.later'), onSelect: () => move(1) },
          { label: say('arrange.removeProject'), onSelect: () => setRemoving(true) },
        ]}
      />
      <span className="spacer" />
      {props.createForm}
      {removing && (
        <ConfirmRemove
          title={intl.formatMessage({ id: 'arrange.removeProjectTitle' }, { name: project.name })}
          body={removalWords(
            intl,
            intl.formatMessage(
              { id: 'arrange.projectLeaves' },
              { name: project.name, shots: project.shots.length, rounds: rounds.length },
            ),
            rounds,
          )}
          onConfirm={() =>
            video.arrange('video:remove', { kind: 'project', id: project.id }).then(onNote)
          }
          onClose={() => setRemoving(false)}
        />
      )}
    </div>
  );
}
