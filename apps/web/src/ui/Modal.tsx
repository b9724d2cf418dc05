/** A modal dialog: role=dialog, labelled by its title; `closable: false` hides the close button and ignores Escape. */
import { useEffect, useId, useRef, type ReactNode } from 'react';

export interface ModalProps {
  title: string;
  width?: number;
  closable?: boolean;
  onClose?: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId?: string;
}

export function Modal({ title, width = 440, closable = true, onClose, children, footer, testId }: ModalProps) {
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = ref.current;
    const first = el?.querySelector<HTMLElement>('input, select, textarea, button:not(.modal-x)');
    first?.focus();
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && closable && onClose) {
        e.stopPropagation();
        onClose();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [closable, onClose]);
  return (
    <div className="modal-backdrop">
      <div ref={ref} className="modal" role="dialog" aria-modal="true" aria-labelledby={titleId} style={{ width }} data-testid={testId}>
        <div className="modal-head">
          <h2 id={titleId}>{title}</h2>
          {closable && onClose && (
            <button type="button" className="modal-x" aria-label="Close" onClick={onClose}>
              ×
            </button>
          )}
        </div>
        <div className="modal-body">{children}</div>
        {footer && <div className="modal-foot">{footer}</div>}
      </div>
    </div>
  );
}

/**
 * The usual dialog buttons: Cancel, then the action (`kind` primary or danger; `submit` makes it the
 * form's submit button instead of calling `onOk`).
 */
export function CancelOk({ onCancel, onOk, label, disabled, kind = 'primary', submit }: { onCancel: () => void; onOk?: () => void; label: ReactNode; disabled?: boolean; kind?: 'primary' | 'danger'; submit?: boolean }) {
  return (
    <>
      <button type="button" className="btn" onClick={onCancel}>
        Cancel
      </button>
      <button type={submit ? 'submit' : 'button'} className={`btn ${kind}`} disabled={disabled} onClick={submit ? undefined : onOk}>
        {label}
      </button>
    </>
  );
}
