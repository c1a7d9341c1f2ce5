import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../i18n';

interface Props {
  /** Id of the element that labels the editor. */
  labelledBy: string;
  describedBy?: string;
  /** Receives the content as HTML after every change ('' when empty). */
  onChange: (html: string) => void;
}

type Command = 'bold' | 'italic' | 'heading' | 'bullets' | 'numbers' | 'link';

// Each tool's name is blogs:editor.<command>.
const tools: { command: Command; text: string; shortcut?: string }[] = [
  { command: 'bold', text: 'B', shortcut: 'Control+B' },
  { command: 'italic', text: 'I', shortcut: 'Control+I' },
  { command: 'heading', text: 'H' },
  { command: 'bullets', text: '•' },
  // Its mark "1." is drawn by CSS: as text it would be words a voice-control user could say,
  // and the button's name ("Numbered list") must contain any words it shows.
  { command: 'numbers', text: '' },
  { command: 'link', text: '🔗', shortcut: 'Control+K' },
];

const safeLink = /^(https?:\/\/|mailto:)\S+$/i;
const canExec = () => typeof document.execCommand === 'function';
const exec = (name: string, value?: string) => canExec() && document.execCommand(name, false, value);
const queryState = (name: string) => {
  try {
    return typeof document.queryCommandState === 'function' && document.queryCommandState(name);
  } catch {
    return false;
  }
};
const blockIsHeading = () => {
  try {
    return typeof document.queryCommandValue === 'function' && /^h[1-6]$/i.test(document.queryCommandValue('formatBlock'));
  } catch {
    return false;
  }
};
const escapeHtml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** What the editor holds, as HTML; an editor with no visible text is ''. */
function contentOf(element: HTMLElement): string {
  const text = (element.textContent ?? '').replace(/\u00a0/g, ' ').trim();
  return text ? element.innerHTML : '';
}

/**
 * A small rich-text editor on contentEditable: bold, italic, heading, lists and links, producing HTML.
 * The toolbar is one tab stop (arrow keys move between its buttons); pasted content arrives as plain
 * text, so no foreign markup gets in. The server sanitizes what it stores in any case.
 */
export default function RichTextEditor({ labelledBy, describedBy, onChange }: Props) {
  const area = useRef<HTMLDivElement>(null);
  const toolbar = useRef<HTMLDivElement>(null);
  const savedRange = useRef<Range | null>(null);
  const linkInputId = useId();
  const { t } = useTranslation('blogs');
  const [focusIndex, setFocusIndex] = useState(0);
  const [active, setActive] = useState<Record<string, boolean>>({});
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState('');

  useEffect(() => {
    exec('defaultParagraphSeparator', 'p');
    // Tags (<b>, <i>) rather than inline styles, which the server would strip.
    exec('styleWithCSS', 'false');
    const refresh = () => {
      const selection = document.getSelection();
      if (!selection || !area.current || !area.current.contains(selection.anchorNode)) return;
      setActive({ bold: queryState('bold'), italic: queryState('italic'), heading: blockIsHeading(), bullets: queryState('insertUnorderedList'), numbers: queryState('insertOrderedList') });
    };
    document.addEventListener('selectionchange', refresh);
    return () => document.removeEventListener('selectionchange', refresh);
  }, []);

  const changed = () => area.current && onChange(contentOf(area.current));

  const restoreSelection = () => {
    area.current?.focus();
    const range = savedRange.current;
    const selection = document.getSelection();
    if (range && selection) {
      selection.removeAllRanges();
      selection.addRange(range);
    }
  };

  const openLink = () => {
    const selection = document.getSelection();
    savedRange.current = selection && selection.rangeCount > 0 && area.current?.contains(selection.anchorNode) ? selection.getRangeAt(0).cloneRange() : null;
    setLinkUrl('https://');
    setLinkError('');
    setLinkOpen(true);
  };

  const applyLink = () => {
    const url = linkUrl.trim();
    if (!safeLink.test(url)) {
      setLinkError(t('editor.badLink'));
      return;
    }
    restoreSelection();
    const range = savedRange.current;
    if (!range || range.collapsed) exec('insertHTML', `<a href="${escapeHtml(url)}">${escapeHtml(url)}</a>`);
    else exec('createLink', url);
    setLinkOpen(false);
    changed();
  };

  const run = (command: Command) => {
    if (command === 'link') return openLink();
    area.current?.focus();
    if (command === 'bold') exec('bold');
    if (command === 'italic') exec('italic');
    if (command === 'heading') exec('formatBlock', blockIsHeading() ? 'p' : 'h2');
    if (command === 'bullets') exec('insertUnorderedList');
    if (command === 'numbers') exec('insertOrderedList');
    changed();
  };

  const onToolbarKey = (event: KeyboardEvent<HTMLDivElement>) => {
    const keys: Record<string, (i: number) => number> = {
      ArrowRight: (i) => (i + 1) % tools.length,
      ArrowLeft: (i) => (i - 1 + tools.length) % tools.length,
      Home: () => 0,
      End: () => tools.length - 1,
    };
    const move = keys[event.key];
    if (!move) return;
    event.preventDefault();
    const next = move(focusIndex);
    setFocusIndex(next);
    toolbar.current?.querySelectorAll<HTMLButtonElement>('button')[next]?.focus();
  };

  const onAreaKey = (event: KeyboardEvent<HTMLDivElement>) => {
    if ((event.ctrlKey || event.metaKey) && event.key.toLowerCase() === 'k') {
      event.preventDefault();
      openLink();
    }
  };

  return (
    <div className="rte">
      <div className="rte__toolbar" role="toolbar" aria-label={t('editor.toolbar')} aria-controls={`${labelledBy}-area`} ref={toolbar} onKeyDown={onToolbarKey}>
        {tools.map((tool, i) => {
          const label = t(`editor.${tool.command}`);
          return (
            <button
              key={tool.command}
              type="button"
              className={`rte__tool rte__tool--${tool.command}`}
              aria-label={label}
              title={tool.shortcut ? t('editor.shortcut', { label, keys: tool.shortcut.replace('Control', 'Ctrl') }) : label}
              aria-keyshortcuts={tool.shortcut}
              aria-pressed={tool.command === 'link' ? undefined : Boolean(active[tool.command])}
              tabIndex={i === focusIndex ? 0 : -1}
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => {
                setFocusIndex(i);
                run(tool.command);
              }}
            >
              <span aria-hidden="true">{tool.text}</span>
            </button>
          );
        })}
      </div>
      {linkOpen && (
        <div className="rte__link" role="group" aria-label={t('editor.linkGroup')}>
          <label htmlFor={linkInputId} className="visually-hidden">
            {t('editor.linkAddress')}
          </label>
          <input
            id={linkInputId}
            type="url"
            className={`form-control form-control-sm${linkError ? ' is-invalid' : ''}`}
            value={linkUrl}
            autoFocus
            onChange={(e) => setLinkUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
              if (e.key === 'Escape') {
                setLinkOpen(false);
                restoreSelection();
              }
            }}
          />
          <button type="button" className="btn btn-primary btn-sm" onClick={applyLink}>
            {t('editor.addLink')}
          </button>
          <button
            type="button"
            className="btn btn-outline-secondary btn-sm"
            onClick={() => {
              setLinkOpen(false);
              restoreSelection();
            }}
          >
            {t('editor.cancel')}
          </button>
          {linkError && <p className="text-danger small w-100 mb-0">{linkError}</p>}
        </div>
      )}
      <div
        ref={area}
        id={`${labelledBy}-area`}
        className="form-control rte__area"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelledBy}
        aria-describedby={describedBy}
        tabIndex={0}
        onInput={changed}
        onBlur={changed}
        onKeyDown={onAreaKey}
        onPaste={(event) => {
          event.preventDefault();
          const text = event.clipboardData.getData('text/plain');
          if (!exec('insertText', text)) document.getSelection()?.getRangeAt(0).insertNode(document.createTextNode(text));
          changed();
        }}
      />
    </div>
  );
}
