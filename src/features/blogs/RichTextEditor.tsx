import { EditorContent, useEditor, useEditorState, type Editor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useTranslation } from '../../i18n';

interface Props {
  /** Id of the element that labels the editor. */
  labelledBy: string;
  describedBy?: string;
  /** Receives the content as HTML after every change ('' when it holds no text). */
  onChange: (html: string) => void;
}

type Command = 'bold' | 'italic' | 'heading' | 'bullets' | 'numbers' | 'link';

// Each tool's name is blogs:editor.<command>.
/** Two chain links, drawn rather than an emoji, which not every system has a font for. */
const linkIcon = (
  <svg width="16" height="16" viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" focusable="false">
    <path d="M6.5 9.5l3-3" />
    <path d="M7 4.5l1.2-1.2a2.6 2.6 0 013.7 3.7L10.7 8.2" />
    <path d="M9 11.5l-1.2 1.2a2.6 2.6 0 01-3.7-3.7l1.2-1.2" />
  </svg>
);

const tools: { command: Command; text: ReactNode; shortcut?: string }[] = [
  { command: 'bold', text: 'B', shortcut: 'Control+B' },
  { command: 'italic', text: 'I', shortcut: 'Control+I' },
  { command: 'heading', text: 'H' },
  { command: 'bullets', text: '•' },
  // Its mark "1." is drawn by CSS: as text it would be words a voice-control user could say,
  // and the button's name ("Numbered list") must contain any words it shows.
  { command: 'numbers', text: '' },
  { command: 'link', text: linkIcon, shortcut: 'Control+K' },
];

const safeLink = /^(https?:\/\/|mailto:)\S+$/i;

/**
 * What the editor holds, as HTML: an editor with no visible text is '', and the empty paragraph the
 * editor keeps after a final list or heading (so the caret can leave it) is not part of the article.
 */
const contentOf = (editor: Editor): string =>
  editor
    .getText()
    .replace(/\u00a0/g, ' ')
    .trim()
    ? editor.getHTML().replace(/(<p><\/p>)+$/, '')
    : '';

/**
 * The article editor, on Tiptap (ProseMirror): bold, italic, heading, lists and links, producing HTML
 * made only of the tags the server keeps (p, strong, em, h2, ul, ol, li, a, br). The toolbar is one
 * tab stop (arrow keys move between its buttons); pasted content arrives as plain text, so no foreign
 * markup gets in. The server sanitizes what it stores in any case.
 */
export default function RichTextEditor({ labelledBy, describedBy, onChange }: Props) {
  const toolbar = useRef<HTMLDivElement>(null);
  const linkInputId = useId();
  const { t } = useTranslation('blogs');
  const [focusIndex, setFocusIndex] = useState(0);
  const [linkOpen, setLinkOpen] = useState(false);
  const [linkUrl, setLinkUrl] = useState('');
  const [linkError, setLinkError] = useState('');
  const latestOnChange = useRef(onChange);
  latestOnChange.current = onChange;

  const editor = useEditor({
    extensions: [
      StarterKit.configure({
        // Only what the toolbar offers, so typed shortcuts ("> ", "```") cannot make anything else.
        heading: { levels: [2] },
        blockquote: false,
        code: false,
        codeBlock: false,
        horizontalRule: false,
        strike: false,
        underline: false,
        link: {
          openOnClick: false,
          autolink: true,
          defaultProtocol: 'https',
          isAllowedUri: (url) => safeLink.test(url),
          // As the server stores every link that opens a new tab.
          HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
        },
      }),
    ],
    editorProps: {
      // Pasted content arrives as plain text (paragraphs kept), as the page's hint says: no foreign styles or markup.
      handleDOMEvents: {
        paste: (view, event) => {
          const data = event.clipboardData;
          if (!data || !Array.from(data.types).includes('text/html')) return false;
          event.preventDefault();
          view.pasteText(data.getData('text/plain'), event);
          return true;
        },
      },
      attributes: {
        id: `${labelledBy}-area`,
        class: 'form-control rte__area',
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelledBy,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        // Arabic and English articles alike: the direction follows what is written.
        dir: 'auto',
      },
    },
    onUpdate: ({ editor: current }) => latestOnChange.current(contentOf(current)),
  });

  const active = useEditorState({
    editor,
    selector: ({ editor: current }) => ({
      bold: current.isActive('bold'),
      italic: current.isActive('italic'),
      heading: current.isActive('heading', { level: 2 }),
      bullets: current.isActive('bulletList'),
      numbers: current.isActive('orderedList'),
    }),
  });

  const openLink = () => {
    const href: unknown = editor.getAttributes('link').href;
    setLinkUrl(typeof href === 'string' ? href : 'https://');
    setLinkError('');
    setLinkOpen(true);
  };

  const closeLink = () => {
    setLinkOpen(false);
    editor.commands.focus();
  };

  const applyLink = () => {
    const url = linkUrl.trim();
    if (!safeLink.test(url)) {
      setLinkError(t('editor.badLink'));
      return;
    }
    const chain = editor.chain().focus();
    if (editor.state.selection.empty && !editor.isActive('link'))
      chain.insertContent({ type: 'text', text: url, marks: [{ type: 'link', attrs: { href: url } }] }).run();
    else chain.extendMarkRange('link').setLink({ href: url }).run();
    setLinkOpen(false);
  };

  const run = (command: Command) => {
    if (command === 'link') return openLink();
    const chain = editor.chain().focus();
    if (command === 'bold') chain.toggleBold().run();
    if (command === 'italic') chain.toggleItalic().run();
    if (command === 'heading') chain.toggleHeading({ level: 2 }).run();
    if (command === 'bullets') chain.toggleBulletList().run();
    if (command === 'numbers') chain.toggleOrderedList().run();
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
              aria-pressed={tool.command === 'link' ? undefined : active[tool.command]}
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
            dir="ltr"
            className={`form-control form-control-sm${linkError ? ' is-invalid' : ''}`}
            value={linkUrl}
            autoFocus
            onChange={(e) => setLinkUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                applyLink();
              }
              if (e.key === 'Escape') closeLink();
            }}
          />
          <button type="button" className="btn btn-primary btn-sm" onClick={applyLink}>
            {t('editor.addLink')}
          </button>
          <button type="button" className="btn btn-outline-secondary btn-sm" onClick={closeLink}>
            {t('editor.cancel')}
          </button>
          {linkError && <p className="text-danger small w-100 mb-0">{linkError}</p>}
        </div>
      )}
      <EditorContent editor={editor} onKeyDown={onAreaKey} />
    </div>
  );
}
