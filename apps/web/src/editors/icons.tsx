/** Toolbar icons: 16x16 line drawings in the current text colour (no icon font needed). */
const P: Record<string, string> = {
  select: 'M3 2l9 6-4 1 2.5 4.5-1.6.9L6.4 10 3 13z',
  wire: 'M2 12h6V4h6M2 12h0M14 4h0',
  bus: 'M2 11h6V5h6M2 13h8V7h4',
  busEntry: 'M3 13l5-5M8 8h6M3 3v10',
  netLabel: 'M2 6h8l3 2-3 2H2zM2 13h12',
  text: 'M3 3h10M8 3v10M6 13h4',
  undo: 'M5 4L2 7l3 3M2 7h7a4 4 0 010 8H6',
  redo: 'M11 4l3 3-3 3M14 7H7a4 4 0 000 8h3',
  cut: 'M5 5l7 8M11 5l-7 8M4 3.5a1.5 1.5 0 100 .1M12 3.5a1.5 1.5 0 100 .1',
  copy: 'M5 5h8v9H5zM3 11V2h7',
  paste: 'M4 3h8v11H4zM6 2h4v2H6zM6 8h4M6 11h4',
  delete: 'M3 4h10M6 4V2h4v2M4 4l1 10h6l1-10',
  rotate: 'M13 8a5 5 0 11-2-4M11 1v3h3',
  mirrorX: 'M8 1v14M6 4L2 8l4 4zM10 4l4 4-4 4z',
  mirrorY: 'M1 8h14M4 6l4-4 4 4zM4 10l4 4 4-4z',
  flip: 'M8 1v14M6 4L2 8l4 4zM10 4l4 4-4 4z',
  zoomIn: 'M7 3v8M3 7h8M7 1a6 6 0 100 12 6 6 0 000-12zM11.5 11.5L15 15',
  zoomOut: 'M3 7h8M7 1a6 6 0 100 12 6 6 0 000-12zM11.5 11.5L15 15',
  fit: 'M2 6V2h4M10 2h4v4M14 10v4h-4M6 14H2v-4',
  route: 'M2 14h4l6-6V2',
  via: 'M8 3a5 5 0 100 10A5 5 0 008 3zM8 6.5a1.5 1.5 0 100 3 1.5 1.5 0 000-3z',
  drag: 'M2 8h12M8 2v4M6 4l2-2 2 2M8 14v-4M6 12l2 2 2-2',
  outline: 'M2 3h12v10H2z',
  line: 'M3 13L13 3',
  pad: 'M4 5h8v6H4zM2 8h2M12 8h2',
  highlight: 'M9 1L3 9h5l-1 6 6-8H8z',
};

export type IconName = keyof typeof P;

export function Icon({ name }: { name: string }) {
  const d = P[name];
  if (!d) return <span aria-hidden="true">{name.slice(0, 1).toUpperCase()}</span>;
  return (
    <svg width="16" height="16" viewBox="0 0 16 16" aria-hidden="true" fill="none" stroke="currentColor" strokeWidth="1.4" strokeLinecap="round" strokeLinejoin="round">
      <path d={d} />
    </svg>
  );
}
