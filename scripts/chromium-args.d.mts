/** The flags Chromium is started with by the browser suite and the benchmarks. */
export declare const CHROMIUM_ARGS: string[];
