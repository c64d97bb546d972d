import {
  type KeyboardEvent,
  type MouseEvent,
  type ReactNode,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { cx } from './class-names';

export interface MenuItem {
  id: string;
  /** Visible text; also the accessible name and the type-ahead text. */
  label: string;
  /** Renders the item as a link (so it can be opened in a new tab); `onSelect` still runs on a plain click. */
  href?: string;
  onSelect: () => void;
  /** Decorative icon before the label. */
  icon?: ReactNode;
  /** Draws a separator above this item. */
  separatorBefore?: boolean;
  tone?: 'default' | 'danger';
}

export interface MenuButtonProps {
  /** What the button shows. */
  children: ReactNode;
  items: readonly MenuItem[];
  /** Accessible name of the button when its content is not enough. */
  buttonLabel?: string;
  buttonClassName?: string;
  /** Which edge of the button the menu lines up with. */
  align?: 'start' | 'end';
  className?: string;
}

type FocusTarget = 'first' | 'last' | null;

/**
 * WAI-ARIA menu button: a click, Enter, Space or Arrow Down open the menu on its first item, Arrow Up on
 * its last; in the menu Arrow Up/Down (wrapping), Home/End and type-ahead move focus, Enter or
 * Space activates, Escape closes and returns focus to the button, Tab closes. A click outside
 * closes it.
 */
export function MenuButton({
  children,
  items,
  buttonLabel,
  buttonClassName,
  align = 'end',
  className,
}: MenuButtonProps) {
  const baseId = useId();
  const buttonId = `${baseId}-button`;
  const menuId = `${baseId}-menu`;
  const [open, setOpen] = useState(false);
  const [focusOnOpen, setFocusOnOpen] = useState<FocusTarget>(null);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const itemRefs = useRef<Array<HTMLElement | null>>([]);

  const focusItem = (index: number) => {
    const count = items.length;
    if (count === 0) return;
    itemRefs.current[((index % count) + count) % count]?.focus();
  };

  const openMenu = (target: FocusTarget) => {
    setFocusOnOpen(target);
    setOpen(true);
  };

  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    if (focusOnOpen === 'first') focusItem(0);
    if (focusOnOpen === 'last') focusItem(items.length - 1);
    // Only when the menu opens.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open]);

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent | globalThis.MouseEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('mousedown', onPointerDown);
    return () => document.removeEventListener('mousedown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    // Enter and Space reach onClick (the browser turns them into a click).
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        openMenu('first');
        break;
      case 'ArrowUp':
        event.preventDefault();
        openMenu('last');
        break;
      case 'Escape':
        if (open) {
          event.preventDefault();
          close(true);
        }
        break;
      default:
    }
  };

  const currentIndex = () =>
    itemRefs.current.findIndex((el) => el !== null && el === document.activeElement);

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const index = currentIndex();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusItem(index + 1);
        return;
      case 'ArrowUp':
        event.preventDefault();
        focusItem(index < 0 ? items.length - 1 : index - 1);
        return;
      case 'Home':
        event.preventDefault();
        focusItem(0);
        return;
      case 'End':
        event.preventDefault();
        focusItem(items.length - 1);
        return;
      case 'Escape':
        event.preventDefault();
        close(true);
        return;
      case 'Tab':
        // Tab moves on from the button (items are not in the Tab order) and the menu closes.
        close(true);
        return;
      case ' ':
        // Links do not activate on Space by themselves.
        event.preventDefault();
        (document.activeElement as HTMLElement | null)?.click();
        return;
      default:
    }
    if (event.key.length === 1 && /\S/.test(event.key) && !event.ctrlKey && !event.metaKey) {
      const char = event.key.toLowerCase();
      for (let step = 1; step <= items.length; step++) {
        const next = (index + step) % items.length;
        if (items[next]?.label.toLowerCase().startsWith(char)) {
          focusItem(next);
          break;
        }
      }
    }
  };

  const activate = (event: MouseEvent<HTMLElement>, item: MenuItem) => {
    const modified =
      event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || event.button !== 0;
    if (item.href && modified) return;
    event.preventDefault();
    close(true);
    item.onSelect();
  };

  return (
    <div ref={rootRef} className={cx('lo-menu', className)}>
      <button
        ref={buttonRef}
        id={buttonId}
        type="button"
        className={buttonClassName}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={buttonLabel}
        onClick={() => (open ? close(false) : openMenu('first'))}
        onKeyDown={onButtonKeyDown}
      >
        {children}
      </button>
      {open ? (
        <ul
          id={menuId}
          role="menu"
          aria-labelledby={buttonId}
          className={cx('lo-menu__list', `lo-menu__list--${align}`)}
          onKeyDown={onMenuKeyDown}
        >
          {items.map((item, index) => {
            const common = {
              ref: (el: HTMLElement | null) => {
                itemRefs.current[index] = el;
              },
              role: 'menuitem',
              tabIndex: -1,
              className: cx('lo-menu__item', item.tone === 'danger' && 'lo-menu__item--danger'),
              onClick: (event: MouseEvent<HTMLElement>) => activate(event, item),
            };
            const content = (
              <>
                {item.icon ? (
                  <span className="lo-menu__icon" aria-hidden="true">
                    {item.icon}
                  </span>
                ) : null}
                <span>{item.label}</span>
              </>
            );
            return (
              <li
                key={item.id}
                role="none"
                className={item.separatorBefore ? 'lo-menu__separated' : undefined}
              >
                {item.href ? (
                  <a href={item.href} {...common}>
                    {content}
                  </a>
                ) : (
                  <button type="button" {...common}>
                    {content}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
