/**
 * The GLSL programs of the WebGL2 PCB painter (gl-pcb.ts): round segments and rounded boxes as quads
 * (an anti-aliased distance test in the fragment shader) and as point sprites, and triangles.
 * Frame: board mil, Y up; u_center (mil), u_scale (NDC per mil), u_px (mil per pixel).
 */
/**
 * The corner of a quad's vertex, (-1,-1) (1,-1) (-1,1) (1,1) for its 4 vertices, from the vertex's
 * index (an indexed draw's gl_VertexID is the index: 4 per quad): no corner buffer.
 */
const CORNER = 'vec2(float(gl_VertexID & 1) * 2.0 - 1.0, float((gl_VertexID >> 1) & 1) * 2.0 - 1.0)';
export const SEG_VS = `#version 300 es
layout(location=1) in vec4 a_seg;
layout(location=2) in float a_hw;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform float u_px;
out vec2 v_pos;
flat out vec4 v_seg;
flat out float v_hw;
void main() {
  vec2 a_corner = ${CORNER};
  float hw = max(a_hw, 0.5 * u_px);
  vec2 p1 = a_seg.xy, p2 = a_seg.zw, d = p2 - p1;
  float len = length(d);
  vec2 dir = len > 1e-9 ? d / len : vec2(1.0, 0.0);
  vec2 nrm = vec2(-dir.y, dir.x);
  // the quad reaches where the coverage below ends (half a pixel past the edge, a hair more for
  // rounding): no fragment beyond it is drawn, and fewer fragments is most of a zoomed-out frame
  float e = hw + 0.55 * u_px;
  vec2 pos = (a_corner.x < 0.0 ? p1 : p2) + dir * (a_corner.x * e) + nrm * (a_corner.y * e);
  v_pos = pos; v_seg = a_seg; v_hw = hw;
  gl_Position = vec4((pos - u_center) * u_scale, 0.0, 1.0);
}`;
export const SEG_FS = `#version 300 es
precision highp float;
in vec2 v_pos;
flat in vec4 v_seg;
flat in float v_hw;
uniform vec4 u_color;
uniform float u_px;
out vec4 o;
void main() {
  vec2 p1 = v_seg.xy, d = v_seg.zw - p1;
  float l2 = dot(d, d);
  float t = l2 > 0.0 ? clamp(dot(v_pos - p1, d) / l2, 0.0, 1.0) : 0.0;
  float a = clamp((v_hw - length(v_pos - p1 - d * t)) / u_px + 0.5, 0.0, 1.0);
  if (a <= 0.0) discard;
  o = vec4(u_color.rgb, u_color.a * a);
}`;
export const BOX_VS = `#version 300 es
layout(location=1) in vec4 a_box;
layout(location=2) in vec3 a_dir;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform float u_px;
out vec2 v_local;
flat out vec3 v_shape;
void main() {
  vec2 a_corner = ${CORNER};
  vec2 h = max(a_box.zw, vec2(0.5 * u_px));
  float r = min(a_dir.z, min(h.x, h.y));
  vec2 u = a_dir.xy, v = vec2(-u.y, u.x);
  vec2 local = a_corner * (h + vec2(0.55 * u_px)); // coverage ends half a pixel past the edge (see SEG_VS)
  vec2 pos = a_box.xy + u * local.x + v * local.y;
  v_local = local; v_shape = vec3(h, r);
  gl_Position = vec4((pos - u_center) * u_scale, 0.0, 1.0);
}`;
export const BOX_FS = `#version 300 es
precision highp float;
in vec2 v_local;
flat in vec3 v_shape;
uniform vec4 u_color;
uniform float u_px;
out vec4 o;
void main() {
  vec2 q = abs(v_local) - (v_shape.xy - v_shape.z);
  float d = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - v_shape.z;
  float a = clamp(0.5 - d / u_px, 0.0, 1.0);
  if (a <= 0.0) discard;
  o = vec4(u_color.rgb, u_color.a * a);
}`;
/** Round segments as point sprites (see POINT_PX): the square holds the segment's box and its coverage band. */
export const SEG_PT_VS = `#version 300 es
layout(location=1) in vec4 a_seg;
layout(location=2) in float a_hw;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform float u_px;
flat out vec4 v_seg;
flat out float v_hw;
flat out vec3 v_sprite;
void main() {
  float hw = max(a_hw, 0.5 * u_px);
  vec2 mid = 0.5 * (a_seg.xy + a_seg.zw);
  vec2 ext = 0.5 * abs(a_seg.zw - a_seg.xy) + vec2(hw + 0.55 * u_px);
  float size = ceil(2.0 * max(ext.x, ext.y) / u_px);
  gl_PointSize = size;
  v_seg = a_seg; v_hw = hw; v_sprite = vec3(mid, size * u_px);
  gl_Position = vec4((mid - u_center) * u_scale, 0.0, 1.0);
}`;
export const SEG_PT_FS = `#version 300 es
precision highp float;
flat in vec4 v_seg;
flat in float v_hw;
flat in vec3 v_sprite;
uniform vec4 u_color;
uniform float u_px;
out vec4 o;
void main() {
  vec2 pos = v_sprite.xy + vec2(gl_PointCoord.x - 0.5, 0.5 - gl_PointCoord.y) * v_sprite.z;
  vec2 p1 = v_seg.xy, d = v_seg.zw - p1;
  float l2 = dot(d, d);
  float t = l2 > 0.0 ? clamp(dot(pos - p1, d) / l2, 0.0, 1.0) : 0.0;
  float a = clamp((v_hw - length(pos - p1 - d * t)) / u_px + 0.5, 0.0, 1.0);
  if (a <= 0.0) discard;
  o = vec4(u_color.rgb, u_color.a * a);
}`;
/** Rounded boxes as point sprites (see POINT_PX): the square holds the box turned any way. */
export const BOX_PT_VS = `#version 300 es
layout(location=1) in vec4 a_box;
layout(location=2) in vec3 a_dir;
uniform vec2 u_center;
uniform vec2 u_scale;
uniform float u_px;
flat out vec3 v_shape;
flat out vec2 v_dir;
flat out vec3 v_sprite;
void main() {
  vec2 h = max(a_box.zw, vec2(0.5 * u_px));
  float r = min(a_dir.z, min(h.x, h.y));
  float size = ceil(2.0 * (length(h) + 0.55 * u_px) / u_px);
  gl_PointSize = size;
  v_shape = vec3(h, r); v_dir = a_dir.xy; v_sprite = vec3(a_box.xy, size * u_px);
  gl_Position = vec4((a_box.xy - u_center) * u_scale, 0.0, 1.0);
}`;
export const BOX_PT_FS = `#version 300 es
precision highp float;
flat in vec3 v_shape;
flat in vec2 v_dir;
flat in vec3 v_sprite;
uniform vec4 u_color;
uniform float u_px;
out vec4 o;
void main() {
  vec2 d = vec2(gl_PointCoord.x - 0.5, 0.5 - gl_PointCoord.y) * v_sprite.z;
  vec2 local = vec2(dot(d, v_dir), dot(d, vec2(-v_dir.y, v_dir.x)));
  vec2 q = abs(local) - (v_shape.xy - v_shape.z);
  float dist = length(max(q, 0.0)) + min(max(q.x, q.y), 0.0) - v_shape.z;
  float a = clamp(0.5 - dist / u_px, 0.0, 1.0);
  if (a <= 0.0) discard;
  o = vec4(u_color.rgb, u_color.a * a);
}`;
export const TRI_VS = `#version 300 es
layout(location=0) in vec2 a_pos;
uniform vec2 u_center;
uniform vec2 u_scale;
void main() { gl_Position = vec4((a_pos - u_center) * u_scale, 0.0, 1.0); }`;
export const TRI_FS = `#version 300 es
precision highp float;
uniform vec4 u_color;
out vec4 o;
void main() { o = u_color; }`;

/** A linked program of two shaders (throws with the compiler's log). */
export function program(gl: WebGL2RenderingContext, vs: string, fs: string): WebGLProgram {
  const p = gl.createProgram()!;
  for (const [type, src] of [[gl.VERTEX_SHADER, vs], [gl.FRAGMENT_SHADER, fs]] as const) {
    const sh = gl.createShader(type)!;
    gl.shaderSource(sh, src);
    gl.compileShader(sh);
    if (!gl.getShaderParameter(sh, gl.COMPILE_STATUS)) throw new Error(`shader: ${gl.getShaderInfoLog(sh)}`);
    gl.attachShader(p, sh);
  }
  gl.linkProgram(p);
  if (!gl.getProgramParameter(p, gl.LINK_STATUS)) throw new Error(`program: ${gl.getProgramInfoLog(p)}`);
  return p;
}
