import { useEffect } from 'react';
import { Toaster, toast, useSonner } from 'sonner';

/** The spec shows at most one toast: a new one replaces the one showing, so a stale error never outlives a success. */
function OneAtATime() {
  const { toasts } = useSonner();
  useEffect(() => {
    // Newest first.
    for (const older of toasts.slice(1)) toast.dismiss(older.id);
  }, [toasts]);
  return null;
}

/**
 * The app's toasts (spec: one visible, 5 s, swipe right, F8). At the top, under the header, they stay clear of a
 * form's buttons at the bottom of its dialog or page, and of the phone's bottom navigation.
 */
export default function Toasts() {
  return (
    <>
      <Toaster
        position="top-right"
        offset={{ top: '4.5rem' }}
        mobileOffset={{ top: '4.25rem' }}
        visibleToasts={1}
        duration={5000}
        hotkey={['F8']}
        swipeDirections={['right']}
        richColors
        closeButton
      />
      <OneAtATime />
    </>
  );
}
