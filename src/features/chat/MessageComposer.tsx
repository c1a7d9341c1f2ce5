import { useId, useState, type FormEvent } from 'react';

/** The text input with its send button; Enter sends too. A message needs more than 1 character. */
export function MessageComposer({ onSend }: { onSend: (content: string) => void }) {
  const [text, setText] = useState('');
  const inputId = useId();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const content = text.trim();
    if (content.length <= 1) return;
    onSend(content);
    setText('');
  };

  return (
    <form className="chat-composer" onSubmit={submit}>
      <label htmlFor={inputId} className="visually-hidden">
        Type a message
      </label>
      <input
        id={inputId}
        className="form-control"
        placeholder="Type a message"
        autoComplete="off"
        maxLength={2000}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <button type="submit" className="btn btn-primary">
        Send
      </button>
    </form>
  );
}
