// The first screen's JavaScript budget, in KiB of gzip -9 of every script a first visit downloads: checked
// by the browser story first-screen-weight and printed by bench/bundle-size.mjs. 115 until the landing
// page learned to ask before continuing a draft left on the device, and the layout to report a step's view
// to the funnel (115.6 KiB then); 116 until the router learned the resume pages' addresses, Get Started
// its "Save and come back later", and the first visit the browser's language (116.7 KiB then).
export const FIRST_SCREEN_BUDGET_KIB = 117;
