// Applies the saved colour scheme before the app loads, so a light-theme user never sees a dark flash.
(() => {
  let scheme = 'dark';
  try {
    const saved = window.localStorage.getItem('screenroom-color-scheme');
    if (saved === 'light' || saved === 'dark') scheme = saved;
  } catch {}
  document.documentElement.setAttribute('data-mantine-color-scheme', scheme);
})();
