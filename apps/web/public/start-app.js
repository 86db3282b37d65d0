// Starts the app on a prerendered page (decision 0023) once the page has painted: its scripts are asked for
// after the first paint instead of beside it. data-app is the app's entry, data-preload the modules it
// imports, preloaded side by side as the built index.html does.
/* global document, requestAnimationFrame */
(() => {
  const { app, preload } = document.currentScript.dataset;
  requestAnimationFrame(() =>
    setTimeout(() => {
      for (const href of preload.split(' ').filter(Boolean)) {
        const link = document.createElement('link');
        link.rel = 'modulepreload';
        link.href = href;
        document.head.append(link);
      }
      const script = document.createElement('script');
      script.type = 'module';
      script.src = app;
      document.head.append(script);
    }),
  );
})();
