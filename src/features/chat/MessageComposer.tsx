import { useId, useState, type FormEvent } from 'react';

/** Why a message cannot be sent, or null when it can (the specification: more than 1 character). */
function whyNotSendable(content: string): string | null {
  if (content.length === 0) return 'Type a message to send';
  if (content.length === 1) return 'A message needs at least 2 characters';
  return null;
}

/**
 * The text input with its send button; Enter sends too. A message that cannot be sent stays in
 * the box and the reason appears under it (announced, and tied to the input), never silence.
 */
export function MessageComposer({ onSend }: { onSend: (content: string) => void }) {
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
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
        Type a message
      </label>
      <input
        id={inputId}
        className={`form-control ${problem ? 'is-invalid' : ''}`}
        placeholder="Type a message"
        autoComplete="off"
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
        Send
      </button>
      <p id={problemId} className="chat-composer__problem small text-danger mb-0" role="status">
        {problem}
      </p>
    </form>
  );
}
