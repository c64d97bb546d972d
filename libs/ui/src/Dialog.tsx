import { type ReactNode, type RefObject, useEffect, useId, useRef } from 'react';
import { createPortal } from 'react-dom';
import { cx } from './class-names';
import { focusableWithin } from './focusable';

export interface DialogProps {
  open: boolean;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  /**
   * Called on Escape or a backdrop click. Leave it out for a blocking dialog
   * that can only be closed through its own buttons.
   */
  onClose?: () => void;
  /** Element to focus when the dialog opens; defaults to the dialog itself. */
  initialFocusRef?: RefObject<HTMLElement | null>;
  size?: 'sm' | 'md' | 'lg';
  className?: string;
}

/**
 * A modal dialog: rendered in a portal, labelled by its title, focus kept inside (Tab and
 * Shift+Tab wrap), the rest of the page inert while open, focus restored on close.
 */
export function Dialog({
  open,
  title,
  description,
  children,
  footer,
  onClose,
  initialFocusRef,
  size = 'md',
  className,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  const panelRef = useRef<HTMLDivElement>(null);
  const portalRef = useRef<HTMLDivElement>(null);
  const onCloseRef = useRef(onClose);

  useEffect(() => {
    onCloseRef.current = onClose;
  }, [onClose]);

  useEffect(() => {
    if (!open) return;
    const panel = panelRef.current;
    const portal = portalRef.current;
    if (!panel || !portal) return;

    const previouslyFocused = document.activeElement as HTMLElement | null;
    (initialFocusRef?.current ?? panel).focus();

    // Make everything outside the dialog inert so neither pointer nor screen reader reaches it.
    const madeInert: Element[] = [];
    for (const el of Array.from(document.body.children)) {
      if (el !== portal && !el.contains(portal) && !el.hasAttribute('inert')) {
        el.setAttribute('inert', '');
        madeInert.push(el);
      }
    }
    const previousOverflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';

    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        event.preventDefault();
        event.stopPropagation();
        onCloseRef.current?.();
        return;
      }
      if (event.key !== 'Tab') return;
      const items = focusableWithin(panel);
      if (items.length === 0) {
        event.preventDefault();
        panel.focus();
        return;
      }
      const first = items[0]!;
      const last = items[items.length - 1]!;
      const active = document.activeElement;
      if (event.shiftKey && (active === first || active === panel)) {
        event.preventDefault();
        last.focus();
      } else if (!event.shiftKey && active === last) {
        event.preventDefault();
        first.focus();
      }
    };
    const onFocusIn = (event: FocusEvent) => {
      if (event.target instanceof Node && !panel.contains(event.target)) {
        (focusableWithin(panel)[0] ?? panel).focus();
      }
    };
    document.addEventListener('keydown', onKeyDown, true);
    document.addEventListener('focusin', onFocusIn);

    return () => {
      document.removeEventListener('keydown', onKeyDown, true);
      document.removeEventListener('focusin', onFocusIn);
      for (const el of madeInert) el.removeAttribute('inert');
      document.body.style.overflow = previousOverflow;
      if (previouslyFocused && document.contains(previouslyFocused)) previouslyFocused.focus();
    };
  }, [open, initialFocusRef]);

  if (!open) return null;

  return createPortal(
    <div ref={portalRef} className="lo-dialog-root">
      <div
        className="lo-dialog-backdrop"
        role="presentation"
        onMouseDown={(event) => {
          if (event.target === event.currentTarget) onCloseRef.current?.();
        }}
      >
        <div
          ref={panelRef}
          role="dialog"
          aria-modal="true"
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          tabIndex={-1}
          className={cx('lo-dialog', `lo-dialog--${size}`, className)}
        >
          <h2 id={titleId} className="lo-dialog__title">
            {title}
          </h2>
          {description ? (
            <div id={descriptionId} className="lo-dialog__description">
              {description}
            </div>
          ) : null}
          {children ? <div className="lo-dialog__body">{children}</div> : null}
          {footer ? <div className="lo-dialog__footer">{footer}</div> : null}
        </div>
      </div>
    </div>,
    document.body,
  );
}
