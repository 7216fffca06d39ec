import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { flushSync } from 'react-dom';
import type { PageView } from './featureViews';
import { navigate } from './route';
import type { NavItem } from './navItems';

/**
 * The companion's page bar: one row of groups (a button that opens its pages, disclosure style) and single
 * links. The current page's group is marked and names the page, so the page is visible with every menu shut.
 * Keys: Left/Right move along the bar; Down/Up open a group on its first/last page and move inside it; Home/End;
 * Escape shuts it and gives focus back to its button.
 */
export function NavBar({ items, current }: { items: readonly NavItem[]; current: PageView }) {
  const [open, setOpen] = useState<string | null>(null);
  const barRef = useRef<HTMLElement>(null);

  const moveAlongBar = (event: KeyboardEvent<HTMLElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    const controls = [...(barRef.current?.querySelectorAll<HTMLElement>('[data-nav-top]') ?? [])];
    // The control itself, or a page inside its open group.
    const at = controls.findIndex((control) => control.closest('li')?.contains(document.activeElement));
    if (at === -1) return;
    event.preventDefault();
    const step = event.key === 'ArrowRight' ? 1 : -1;
    setOpen(null);
    controls[(at + step + controls.length) % controls.length]?.focus();
  };

  return (
    <nav aria-label="Pages" ref={barRef} onKeyDown={moveAlongBar} className="nav-bar">
      <ul>
        {items.map((item) =>
          item.kind === 'link' ? (
            <li key={item.page.path}>
              <PageLink page={item.page} current={current} data-nav-top />
            </li>
          ) : (
            <NavGroupMenu
              key={item.label}
              label={item.label}
              pages={item.pages}
              current={current}
              open={open === item.label}
              onOpenChange={(isOpen) => setOpen(isOpen ? item.label : null)}
            />
          ),
        )}
      </ul>
    </nav>
  );
}

function NavGroupMenu({
  label,
  pages,
  current,
  open,
  onOpenChange,
}: {
  label: string;
  pages: readonly PageView[];
  current: PageView;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const menuId = useId();
  const groupRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);
  const currentPage = pages.includes(current) ? current : null;

  // Open while focus or the pointer is inside the group: Tab out of it, or a click elsewhere, shuts it.
  useEffect(() => {
    if (!open) return;
    const shutOutside = (event: Event) => {
      if (event.target instanceof Node && groupRef.current?.contains(event.target)) return;
      onOpenChange(false);
    };
    document.addEventListener('pointerdown', shutOutside);
    document.addEventListener('focusin', shutOutside);
    return () => {
      document.removeEventListener('pointerdown', shutOutside);
      document.removeEventListener('focusin', shutOutside);
    };
  }, [open, onOpenChange]);

  const shut = () => {
    onOpenChange(false);
    buttonRef.current?.focus();
  };

  const onButtonKey = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    // Drawn now, so the first or last page can take focus in this same key press.
    flushSync(() => onOpenChange(true));
    const links = menuLinks(listRef.current);
    (event.key === 'ArrowDown' ? links[0] : links.at(-1))?.focus();
  };

  const onMenuKey = (event: KeyboardEvent<HTMLUListElement>) => {
    const links = menuLinks(listRef.current);
    const at = links.findIndex((link) => link === document.activeElement);
    const target =
      event.key === 'ArrowDown'
        ? links[(at + 1) % links.length]
        : event.key === 'ArrowUp'
          ? links[(at - 1 + links.length) % links.length]
          : event.key === 'Home'
            ? links[0]
            : event.key === 'End'
              ? links.at(-1)
              : undefined;
    if (event.key === 'Escape') {
      event.preventDefault();
      shut();
      return;
    }
    if (!target) return;
    event.preventDefault();
    // Up and Down stay inside the open group; Left and Right (the bar's keys) stay free.
    event.stopPropagation();
    target.focus();
  };

  return (
    <li ref={groupRef} className="nav-group" data-current={currentPage ? 'true' : undefined}>
      <button
        ref={buttonRef}
        type="button"
        data-nav-top
        aria-expanded={open}
        aria-controls={menuId}
        aria-current={currentPage ? 'true' : undefined}
        onClick={() => onOpenChange(!open)}
        onKeyDown={onButtonKey}
      >
        <span className="nav-group-label">{label}</span>
        {currentPage && (
          <>
            <span> · </span>
            <span className="nav-group-page">{currentPage.label}</span>
          </>
        )}
        <span className="nav-group-caret" aria-hidden="true" />
      </button>
      <ul ref={listRef} id={menuId} className="nav-menu" hidden={!open} onKeyDown={onMenuKey}>
        {open &&
          pages.map((page) => (
            <li key={page.path}>
              <PageLink page={page} current={current} onChosen={shut} />
            </li>
          ))}
      </ul>
    </li>
  );
}

function PageLink({
  page,
  current,
  onChosen,
  'data-nav-top': top,
}: {
  page: PageView;
  current: PageView;
  onChosen?: () => void;
  'data-nav-top'?: boolean;
}) {
  return (
    <a
      href={`${page.path}${window.location.search}`}
      aria-current={page === current ? 'page' : undefined}
      data-nav-top={top}
      onClick={(event) => {
        event.preventDefault();
        navigate(page.path);
        onChosen?.();
      }}
    >
      {page.label}
    </a>
  );
}

function menuLinks(list: HTMLUListElement | null): HTMLAnchorElement[] {
  return [...(list?.querySelectorAll<HTMLAnchorElement>('a') ?? [])];
}
