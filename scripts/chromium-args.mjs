// The flags Chromium is started with by the browser suite and the benchmarks: no sandbox (containers), no
// GPU, and none of its own background traffic, so that a page's requests are the page's.
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];
