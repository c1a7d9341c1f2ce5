import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../testing/render';
import { ToastHost, toastShownForMs } from './ToastHost';
import { toastShown } from './toastSlice';

describe('toasts', () => {
  afterEach(() => vi.useRealTimers());

  it('announces a confirmation without blocking the page and takes it away by itself', () => {
    vi.useFakeTimers();
    const { store } = renderWithProviders(<ToastHost />);
    act(() => void store.dispatch(toastShown('The request was accepted')));
    expect(screen.getByRole('status')).toHaveTextContent('The request was accepted');
    // Nothing modal: no dialog takes the focus.
    expect(screen.queryByRole('dialog')).toBeNull();
    act(() => vi.advanceTimersByTime(toastShownForMs - 1));
    expect(screen.getByRole('status')).toHaveTextContent('The request was accepted');
    act(() => vi.advanceTimersByTime(1));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });

  it('closes from its button, and shows the same text twice in a row once', async () => {
    const { store } = renderWithProviders(<ToastHost />);
    act(() => {
      store.dispatch(toastShown('Saved'));
      store.dispatch(toastShown('Saved'));
    });
    expect(screen.getAllByRole('button', { name: 'Close the message' })).toHaveLength(1);
    await userEvent.click(screen.getByRole('button', { name: 'Close the message' }));
    expect(screen.getByRole('status')).toBeEmptyDOMElement();
  });
});
