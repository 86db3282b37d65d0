/// <reference types="vite/client" />

/** Build number injected by vite.config.ts (BUILD_NUMBER env var, or a local date stamp). */
declare const __BUILD_NUMBER__: string;
