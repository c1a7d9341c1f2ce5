import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n';
import './texts';

const graphemes = new Intl.Segmenter(undefined, { granularity: 'grapheme' });

/**
 * Characters as a reader counts them: an emoji or a letter with its accent or vowel mark is one,
 * though it takes several UTF-16 units.
 */
const characterCount = (text: string) => [...graphemes.segment(text)].length;

/** Why a message cannot be sent (its text key), or null when it can (the specification: more than 1 character). */
function whyNotSendable(content: string): 'composer.empty' | 'composer.tooShort' | null {
  if (content.length === 0) return 'composer.empty';
  if (characterCount(content) === 1) return 'composer.tooShort';
  return null;
}

/**
 * The text input with its send button; Enter sends too. A message that cannot be sent stays in
 * the box and the reason appears under it (announced, and tied to the input), never silence.
 */
export function MessageComposer({ onSend }: { onSend: (content: string) => void }) {
  const { t } = useTranslation('chat');
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<ReturnType<typeof whyNotSendable>>(null);
  const inputId = useId();
  const problemId = `${inputId}-problem`;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    const why = whyNotSendable(content);
    setProblem(why);
    if (why) return;
    onSend(content);
    setText('');
  };

  return (
    <form className="chat-composer" onSubmit={submit} noValidate>
      <label htmlFor={inputId} className="visually-hidden">
        {t('composer.label')}
      </label>
      <input
        id={inputId}
        className={`form-control ${problem ? 'is-invalid' : ''}`}
        placeholder={t('composer.placeholder')}
        autoComplete="off"
        dir="auto"
        maxLength={2000}
        value={text}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? problemId : undefined}
        onChange={(event) => {
          setText(event.target.value);
          setProblem(null);
        }}
      />
      <button type="submit" className="btn btn-primary">
        {t('composer.send')}
      </button>
      <p id={problemId} className="chat-composer__problem small text-danger mb-0" role="status">
        {problem && t(problem)}
      </p>
    </form>
  );
}
