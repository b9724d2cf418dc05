/**
 * The compact editor toolbar: a row of groups of buttons. Every button names its command and
 * shortcut in aria-label and title (e.g. "Wire (W)"); tool buttons show which tool is active.
 */
import type { ReactNode } from 'react';
import { Icon } from './icons.tsx';

export interface ToolButton {
  /** Command name, e.g. "Wire". */
  label: string;
  shortcut?: string;
  /** Icon name (icons.tsx). */
  glyph: string;
  onClick: () => void;
  /** A tool button that is the active tool. */
  active?: boolean;
  disabled?: boolean;
}

export const buttonName = (b: Pick<ToolButton, 'label' | 'shortcut'>): string => (b.shortcut ? `${b.label} (${b.shortcut})` : b.label);

export function Toolbar({ groups, children, label }: { groups: ToolButton[][]; children?: ReactNode; label: string }) {
  return (
    <div className="cp-toolbar" role="toolbar" aria-label={label}>
      {groups.map((g, i) => (
        <div className="cp-tgroup" key={i}>
          {g.map((b) => (
            <button
              key={b.label}
              type="button"
              className={`cp-tbtn${b.active ? ' on' : ''}`}
              aria-label={buttonName(b)}
              title={buttonName(b)}
              aria-pressed={b.active === undefined ? undefined : b.active}
              disabled={b.disabled}
              // keep the keyboard focus on the canvas (shortcuts keep working after a click)
              onMouseDown={(e) => e.preventDefault()}
              onClick={b.onClick}
            >
              <Icon name={b.glyph} />
            </button>
          ))}
        </div>
      ))}
      {children}
    </div>
  );
}
