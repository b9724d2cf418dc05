/**
 * A property panel: labelled fields of the selected record. A field commits its value on Enter or
 * when it loses focus (one commit, one undo step), Escape restores the shown value. Values render as
 * React text and input values (never HTML).
 */
import { useEffect, useState } from 'react';

export interface PropField {
  /** Stable key (the attribute key or field name). */
  key: string;
  label: string;
  value: string;
  /** What a template value shows as (`={Value}` -> "10k"), shown under the field. */
  shown?: string;
  kind?: 'text' | 'number';
  options?: Array<{ value: string; label: string }>;
  /** The attribute's visibility on the drawing (a checkbox), when it has one. */
  visible?: boolean;
  readOnly?: boolean;
  /** Apply a typed value; `false` = refused (the field shows the record's value again). */
  onCommit?: (value: string) => unknown;
  onVisible?: (visible: boolean) => void;
}

function Field({ f, disabled }: { f: PropField; disabled: boolean }) {
  const [v, setV] = useState(f.value);
  useEffect(() => setV(f.value), [f.value]);
  const commit = () => { if (v !== f.value && f.onCommit?.(v) === false) setV(f.value); };
  const ro = disabled || f.readOnly || !f.onCommit;
  return (
    <div className="cp-prop">
      <label>
        <span>{f.label}</span>
        {f.options ? (
          <select value={v} disabled={ro} onChange={(e) => { setV(e.target.value); if (e.target.value !== f.value) f.onCommit?.(e.target.value); }}>
            {f.options.map((o) => (
              <option key={o.value} value={o.value}>
                {o.label}
              </option>
            ))}
          </select>
        ) : (
          <input
            type={f.kind === 'number' ? 'number' : 'text'}
            value={v}
            readOnly={ro}
            onChange={(e) => setV(e.target.value)}
            onBlur={commit}
            onKeyDown={(e) => {
              e.stopPropagation(); // typing is not a shortcut
              if (e.key === 'Enter') commit();
              if (e.key === 'Escape') setV(f.value);
            }}
          />
        )}
      </label>
      {f.visible !== undefined && (
        <input type="checkbox" className="cp-prop-vis" title="Shown on the drawing" aria-label={`Show ${f.label}`} checked={f.visible} disabled={ro || !f.onVisible} onChange={(e) => f.onVisible?.(e.target.checked)} />
      )}
      {f.shown !== undefined && f.shown !== f.value && <div className="cp-prop-shown muted">{f.shown}</div>}
    </div>
  );
}

export function PropertyPanel({ title, fields, readOnly, empty }: { title: string; fields: PropField[]; readOnly: boolean; empty?: string }) {
  return (
    <section className="cp-props" aria-label="Properties">
      <div className="cp-props-head">{title}</div>
      {fields.length ? fields.map((f) => <Field key={f.key} f={f} disabled={readOnly} />) : <p className="muted small cp-props-empty">{empty ?? 'Nothing selected'}</p>}
    </section>
  );
}
