import { useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from '../i18n';

interface Props {
  /** The input's id: the field's `<label htmlFor>` (or Form.Group's controlId) keeps naming it. */
  id: string;
  accept?: string;
  multiple?: boolean;
  /** The chosen files; empty when the choice was cleared. */
  onFiles: (files: File[]) => void;
}

/**
 * A file input whose texts follow the portal's language: the browser's own "Choose File" / "No file
 * chosen" cannot be translated. The real `<input type="file">` stays, visually hidden but focusable
 * (it is the one tab stop, named by the field's label; Enter and Space open the picker natively),
 * and the wrapper shows a presentational button and the chosen file names, read to screen readers
 * through the input's description. To empty it after a submit, remount it with a new `key`.
 */
export function FilePicker({ id, accept, multiple = false, onFiles }: Props) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const [names, setNames] = useState<string[]>([]);
  const statusId = `${id}-chosen`;

  // A click anywhere on the box opens the picker; the input's own click (it bubbles here) is left alone.
  const open = (e: MouseEvent<HTMLDivElement>) => {
    if (e.target !== input.current) input.current?.click();
  };

  return (
    <div className="file-picker form-control" onClick={open}>
      <input
        ref={input}
        id={id}
        type="file"
        className="visually-hidden"
        accept={accept}
        multiple={multiple}
        aria-describedby={statusId}
        onChange={(e) => {
          const files = Array.from(e.target.files ?? []);
          setNames(files.map((f) => f.name));
          onFiles(files);
        }}
      />
      <span className="file-picker__button btn btn-outline-secondary btn-sm" aria-hidden="true">
        {t(multiple ? 'filePicker.chooseMany' : 'filePicker.choose')}
      </span>
      <span id={statusId} className="file-picker__chosen">
        {names.length === 0
          ? t('filePicker.none')
          : names.map((name, i) => (
              <span key={i}>
                {i > 0 && t('filePicker.separator')}
                <bdi>{name}</bdi>
              </span>
            ))}
      </span>
    </div>
  );
}
