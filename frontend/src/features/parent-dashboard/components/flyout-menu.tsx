import ChevronRight from '@mui/icons-material/ChevronRight';
import Button from '@mui/material/Button';
import ClickAwayListener from '@mui/material/ClickAwayListener';
import Grow from '@mui/material/Grow';
import MenuItem from '@mui/material/MenuItem';
import MenuList from '@mui/material/MenuList';
import Paper from '@mui/material/Paper';
import Popper from '@mui/material/Popper';
import { useTheme } from '@mui/material/styles';
import useMediaQuery from '@mui/material/useMediaQuery';
import { createContext, useContext, useEffect, useId, useMemo, useRef, useState, type KeyboardEvent, type MouseEvent, type PointerEvent, type ReactNode } from 'react';
import { FLYOUT_CLOSE_DELAY_MS } from '../model/dashboard-model';

export interface FlyoutItem {
  key: string;
  label: ReactNode;
  onSelect: () => void;
}

export interface FlyoutMenuProps {
  label: string;
  icon: ReactNode;
  items: readonly FlyoutItem[];
  /** Shown as a disabled item when there are no items. */
  emptyText: string;
}

interface GroupState {
  /** The flyout shown, if any. */
  active: string | null;
  /** Whether it was opened by a click or the keyboard rather than by hovering. */
  pinned: boolean;
}

interface FlyoutGroupValue extends GroupState {
  activate: (menuId: string, pinned: boolean) => void;
  release: (menuId: string) => void;
}

const FlyoutGroupContext = createContext<FlyoutGroupValue | null>(null);

/**
 * Flyouts inside a group open one at a time, as in a menu bar: opening one hides the one still
 * lingering for its close delay, so two menus never cover each other. A flyout opened on purpose
 * (click or keyboard) is not taken over by a mere hover of another button — the pointer crossing
 * a neighbour on its way to the menu, or the page scrolling under a still pointer — only by a
 * click, until it closes.
 */
export function FlyoutGroup({ children }: { children: ReactNode }) {
  const [state, setState] = useState<GroupState>({ active: null, pinned: false });
  const value = useMemo<FlyoutGroupValue>(
    () => ({
      ...state,
      activate: (menuId, pinned) => setState({ active: menuId, pinned }),
      release: (menuId) => setState((current) => (current.active === menuId ? { active: null, pinned: false } : current)),
    }),
    [state],
  );
  return <FlyoutGroupContext.Provider value={value}>{children}</FlyoutGroupContext.Provider>;
}

/**
 * A Quick Actions button with a flyout menu (spec section 2). A mouse opens it by hovering, and it
 * stays open FLYOUT_CLOSE_DELAY_MS after the pointer leaves so the pointer can travel to the menu;
 * a click, Enter, Space or Arrow Down opens it too (and a keyboard opening focuses the first item).
 * Escape or Tab closes it. Not a modal Menu: a backdrop would swallow the pointer-leave.
 */
export function FlyoutMenu({ label, icon, items, emptyText }: FlyoutMenuProps) {
  const theme = useTheme();
  const wide = useMediaQuery(theme.breakpoints.up('md'), { noSsr: true });
  const group = useContext(FlyoutGroupContext);
  const [openHere, setOpen] = useState(false);
  const buttonId = useId();
  const menuId = useId();
  /** Open, unless another flyout of the group opened since. */
  const open = openHere && (group ? group.active === menuId : true);
  /** Another flyout of the group is the open one now. */
  const replaced = group !== null && group.active !== null && group.active !== menuId;
  const [pinned, setPinned] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const anchorRef = useRef<HTMLButtonElement>(null);
  const closeTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);

  const cancelClose = () => clearTimeout(closeTimer.current);
  useEffect(() => () => clearTimeout(closeTimer.current), []);

  const hide = () => {
    setOpen(false);
    group?.release(menuId);
  };
  const close = (returnFocus = false) => {
    cancelClose();
    hide();
    setPinned(false);
    setFocusFirst(false);
    if (returnFocus) anchorRef.current?.focus();
  };
  const openWith = (how: 'hover' | 'click' | 'keyboard') => {
    cancelClose();
    setOpen(true);
    group?.activate(menuId, how !== 'hover');
    setPinned(how !== 'hover');
    setFocusFirst(how === 'keyboard');
  };

  const onPointerEnter = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse') return;
    if (open) cancelClose();
    else if (!(group?.pinned && group.active !== menuId)) openWith('hover');
  };
  /** Over the menu itself the pointer only keeps an open menu open: a menu fading out never reopens. */
  const onMenuPointerEnter = (event: PointerEvent) => {
    if (event.pointerType === 'mouse' && open) cancelClose();
  };
  const onPointerLeave = (event: PointerEvent) => {
    if (event.pointerType !== 'mouse' || pinned) return;
    cancelClose();
    closeTimer.current = setTimeout(hide, FLYOUT_CLOSE_DELAY_MS);
  };

  const onButtonClick = (event: MouseEvent) => {
    // detail 0: the click came from Enter or Space.
    const keyboard = event.detail === 0;
    if (open && pinned) close();
    else openWith(keyboard ? 'keyboard' : 'click');
  };
  const onButtonKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown' || (wide && event.key === 'ArrowRight')) {
      event.preventDefault();
      openWith('keyboard');
    }
  };
  const onMenuKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' || (wide && event.key === 'ArrowLeft')) {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      close();
    }
  };

  return (
    <>
      <Button
        ref={anchorRef}
        id={buttonId}
        fullWidth
        variant="outlined"
        startIcon={icon}
        endIcon={<ChevronRight sx={{ transform: { xs: open ? 'rotate(90deg)' : 'none', md: 'none' }, transition: 'transform 150ms' }} />}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={onButtonClick}
        onKeyDown={onButtonKeyDown}
        onPointerEnter={onPointerEnter}
        onPointerLeave={onPointerLeave}
        sx={{ justifyContent: 'flex-start', '& .MuiButton-endIcon': { ml: 'auto' } }}
      >
        {label}
      </Button>
      <Popper
        open={open}
        anchorEl={anchorRef.current}
        placement={wide ? 'right-start' : 'bottom-start'}
        transition
        // A menu fading out because another flyout of the group took over takes no pointer: a click meant
        // for the menu that replaced it lands there, not on the leaving menu's items. One closing on its
        // own (its delay ran out) still takes a click on its items while it fades, as it always did.
        sx={{ zIndex: theme.zIndex.modal, minWidth: 220, pointerEvents: !open && replaced ? 'none' : 'auto' }}
        modifiers={[{ name: 'offset', options: { offset: [0, 6] } }]}
      >
        {({ TransitionProps }) => (
          <Grow {...TransitionProps} style={{ transformOrigin: wide ? 'left top' : 'center top' }}>
            <Paper elevation={8} onPointerEnter={onMenuPointerEnter} onPointerLeave={onPointerLeave} sx={{ borderRadius: 3, border: 1, borderColor: 'divider' }}>
              <ClickAwayListener onClickAway={(event) => !anchorRef.current?.contains(event.target as Node) && close()}>
                <MenuList id={menuId} aria-labelledby={buttonId} autoFocusItem={focusFirst} onKeyDown={onMenuKeyDown} sx={{ py: 0.75, maxHeight: 320, overflowY: 'auto' }}>
                  {items.length === 0 ? (
                    <MenuItem disabled>{emptyText}</MenuItem>
                  ) : (
                    items.map((item) => (
                      <MenuItem
                        key={item.key}
                        onClick={() => {
                          close();
                          item.onSelect();
                        }}
                        sx={{ minHeight: 44, fontWeight: 600 }}
                      >
                        {item.label}
                      </MenuItem>
                    ))
                  )}
                </MenuList>
              </ClickAwayListener>
            </Paper>
          </Grow>
        )}
      </Popper>
    </>
  );
}
