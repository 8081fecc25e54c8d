/**
 * The first stop of the Tab key: straight to the page, past the top bar and the menu. Focus is moved by
 * hand: a '#main' address change would count as a navigation for the router.
 */
export function SkipLink({ target }: { target: string }) {
  return (
    <a
      href={`#${target}`}
      className="skip-link"
      onClick={(event) => {
        event.preventDefault();
        const main = document.getElementById(target);
        if (!main) return;
        main.tabIndex = -1;
        main.focus();
      }}
    >
      Skip to content
    </a>
  );
}
