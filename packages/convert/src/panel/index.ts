/** Front panels (PANEL documents): geometry, shapes, SVG and DXF outputs, cut-outs derived from a board. Pure. */
export * from './path.ts';
export * from './shapes.ts';
export * from './model.ts';
export * from './svg.ts';
export * from './dxf.ts';
export * from './export.ts';
export * from './derive.ts';
export * from './pdf.ts';
