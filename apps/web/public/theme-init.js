/* global document */
// Applies the stored theme before the first paint (no flash). A file, not inline, so the
// Content-Security-Policy can keep script-src 'self'. Must stay in step with src/hooks/use-theme.ts.
(function () {
  var dark;
  try {
    dark = JSON.parse(localStorage.getItem('darkMode') || 'false') === true;
  } catch {
    dark = false;
  }
  document.body.classList.add(dark ? 'dark-theme' : 'light-theme');
  document.documentElement.style.colorScheme = dark ? 'dark' : 'light';
})();
