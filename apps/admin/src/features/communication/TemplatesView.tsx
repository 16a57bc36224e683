import { KanisaError } from '@kanisa/client';
import { useState } from 'react';
import { Link } from 'react-router-dom';
import { Alert } from '../../components/ui/Alert';
import { Badge } from '../../components/ui/Badge';
import { ConfirmDialog } from '../../components/ui/ConfirmDialog';
import { errorDetail, errorMessage } from '../../components/ui/error-detail';
import { LoadError } from '../../components/ui/LoadError';
import { Modal } from '../../components/ui/Modal';
import { Notice } from '../../components/ui/Notice';
import { SelectField } from '../../components/ui/SelectField';
import { Spinner } from '../../components/ui/Spinner';
import { TextAreaField } from '../../components/ui/TextAreaField';
import { TextField } from '../../components/ui/TextField';
import { useDeleteTemplate, useSaveTemplate, useTemplates, type MessageTemplate } from './api/communication-api';
import { TEMPLATE_PLACEHOLDERS, templateRow, validateTemplate, type TemplateInput } from './communication-rules';

const TYPE_OPTIONS = [
  { value: 'sms', label: 'SMS' },
  { value: 'email', label: 'Email' },
];
const typeLabel = (type: string) => (type === 'sms' ? 'SMS' : 'Email');

function saveErrorText(error: unknown): string {
  if (error instanceof KanisaError && error.code === '23505') return 'A template with this name already exists';
  if (error instanceof KanisaError && (error.status === 403 || error.status === 401)) return 'You are not allowed to change templates.';
  return `Error saving template: ${errorMessage(error)}`;
}

/** Templates (README 6): saved, listed, edited and deleted; placeholders {name}, {date}, {event_name}. */
export function TemplatesView() {
  const templates = useTemplates();
  const remove = useDeleteTemplate();
  const [editing, setEditing] = useState<MessageTemplate | 'new' | null>(null);
  const [deleting, setDeleting] = useState<MessageTemplate | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <section className="comm-templates" aria-labelledby="comm-templates-title">
      <div className="comm-templates-head">
        <h2 id="comm-templates-title" className="comm-section-title">
          Message Templates
        </h2>
        <button type="button" className="btn btn-primary" onClick={() => { setEditing('new'); }}>
          New Template
        </button>
      </div>
      <p className="comm-note">
        Placeholders filled for each recipient: {TEMPLATE_PLACEHOLDERS.map((p) => <code key={p}>{p} </code>)}
      </p>
      {notice ? <Notice text={notice} onDismiss={() => { setNotice(null); }} /> : null}
      {templates.isError ? (
        <LoadError text="Could not load the templates." detail={errorDetail(templates.error)} onRetry={() => templates.refetch()} />
      ) : !templates.data ? (
        <Spinner />
      ) : templates.data.length === 0 ? (
        <p className="comm-empty">No templates yet</p>
      ) : (
        <ul className="comm-template-list">
          {templates.data.map((template) => (
            <li key={template.id} className="comm-template" aria-labelledby={`template-${template.id}`}>
              <div className="comm-template-head">
                <h3 id={`template-${template.id}`} className="comm-card-title">
                  {template.name}
                </h3>
                <Badge tone={template.type === 'sms' ? 'info' : 'success'}>{typeLabel(template.type)}</Badge>
                <Badge tone="neutral">{template.category}</Badge>
              </div>
              <p className="comm-template-content">{template.content}</p>
              <div className="comm-card-actions">
                <Link className="btn btn-primary btn-small" to={`/communication/send?template=${encodeURIComponent(template.id)}`} aria-label={`Use ${template.name}`}>
                  Use
                </Link>
                <button type="button" className="btn btn-secondary btn-small" onClick={() => { setEditing(template); }} aria-label={`Edit ${template.name}`}>
                  Edit
                </button>
                <button type="button" className="btn btn-danger btn-small" onClick={() => { setDeleting(template); }} aria-label={`Delete ${template.name}`}>
                  Delete
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing ? (
        <TemplateForm
          template={editing === 'new' ? null : editing}
          onClose={() => { setEditing(null); }}
          onSaved={(name, created) => {
            setEditing(null);
            setNotice(created ? `Template '${name}' created` : `Template '${name}' updated`);
          }}
        />
      ) : null}
      {deleting ? (
        <ConfirmDialog
          title="Delete Template"
          message={`Are you sure you want to delete the template '${deleting.name}'?`}
          confirmLabel="Delete"
          busyLabel="Deleting..."
          busy={remove.isPending}
          error={remove.isError ? `Error deleting template: ${errorMessage(remove.error)}` : undefined}
          onCancel={() => {
            remove.reset();
            setDeleting(null);
          }}
          onConfirm={() => { remove.mutate(deleting.id, {
              onSuccess: () => {
                setNotice(`Template '${deleting.name}' deleted`);
                setDeleting(null);
              },
            }); }
          }
        />
      ) : null}
    </section>
  );
}

function TemplateForm({
  template,
  onClose,
  onSaved,
}: {
  template: MessageTemplate | null;
  onClose: () => void;
  onSaved: (name: string, created: boolean) => void;
}) {
  const save = useSaveTemplate();
  const [input, setInput] = useState<TemplateInput>({
    name: template?.name ?? '',
    type: template?.type ?? 'sms',
    content: template?.content ?? '',
    category: template?.category ?? 'general',
  });
  const [errors, setErrors] = useState<Partial<Record<keyof TemplateInput, string>>>({});
  const set = (patch: Partial<TemplateInput>) => { setInput({ ...input, ...patch }); };

  return (
    <Modal title={template ? 'Edit Template' : 'New Template'} onClose={onClose} busy={save.isPending}>
      <form
        noValidate
        aria-label={template ? 'Edit template' : 'New template'}
        onSubmit={(event) => {
          event.preventDefault();
          const found = validateTemplate(input);
          setErrors(found);
          if (Object.keys(found).length > 0) return;
          const row = templateRow(input);
          save.mutate({ id: template?.id ?? null, row }, { onSuccess: () => { onSaved(row.name, !template); } });
        }}
      >
        <div className="modal-body">
          <p className="required-note">Fields marked * must be filled in.</p>
          {save.isError ? <Alert>{saveErrorText(save.error)}</Alert> : null}
          <div className="form-grid">
            <TextField label="Template name *" value={input.name} error={errors.name} onChange={(event) => { set({ name: event.target.value }); }} />
            <SelectField
              label="Type *"
              value={input.type}
              options={TYPE_OPTIONS}
              onChange={(event) => { set({ type: event.target.value === 'email' ? 'email' : 'sms' }); }}
            />
            <TextField
              label="Category"
              value={input.category}
              error={errors.category}
              hint="Default: general"
              onChange={(event) => { set({ category: event.target.value }); }}
            />
            <TextAreaField
              label="Content *"
              rows={6}
              value={input.content}
              error={errors.content}
              hint="Use {name}, {date} and {event_name}: they are filled in for each recipient."
              onChange={(event) => { set({ content: event.target.value }); }}
            />
          </div>
        </div>
        <div className="modal-footer">
          <button type="button" className="btn btn-secondary" onClick={onClose} disabled={save.isPending}>
            Cancel
          </button>
          <button type="submit" className="btn btn-primary" disabled={save.isPending}>
            {save.isPending ? 'Saving...' : template ? 'Save Template' : 'Create Template'}
          </button>
        </div>
      </form>
    </Modal>
  );
}
