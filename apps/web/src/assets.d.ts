/** Side-effect stylesheet imports are bundled by Vite. */
declare module '*.css';
