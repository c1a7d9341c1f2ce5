import { popupError, popupSuccess } from './popup';

describe('popups', () => {
  afterEach(() => {
    vi.doUnmock('sweetalert2');
    vi.restoreAllMocks();
  });

  it('shows the message in the browser’s own dialog when the popup’s code cannot be downloaded', async () => {
    vi.doMock('sweetalert2', () => {
      throw new Error('Failed to fetch dynamically imported module');
    });
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => undefined);
    await popupError('Please choose the day you would like to come');
    expect(alert).toHaveBeenCalledWith('Please choose the day you would like to come');
    await popupSuccess('Your order is paid', 'Thank you');
    expect(alert).toHaveBeenLastCalledWith('Thank you\n\nYour order is paid');
  });
});
