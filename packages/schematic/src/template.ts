/** `=...{Key}...` attribute templates: the resolver lives in @copperplate/board (PCB attributes use it too). */
export { resolveTemplate } from '@copperplate/board/template';
