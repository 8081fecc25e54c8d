import { Button } from '@mantine/core';
import { IconBrandVimeo } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { ApiError } from '../../../lib/api-client';
import { notifyError, notifySuccess } from '../../../lib/notify';
import { getVimeoAuthorizeUrl } from '../api/get-vimeo-authorize-url';
import { listenForLinkingResult } from './linking-channel';

const POPUP_NAME = 'screenroom-vimeo-linking';

function popupFeatures() {
  const width = 600;
  const height = 720;
  const left = Math.max(0, window.screenX + (window.outerWidth - width) / 2);
  const top = Math.max(0, window.screenY + (window.outerHeight - height) / 2);
  return `popup=yes,width=${width},height=${height},left=${Math.round(left)},top=${Math.round(top)}`;
}

/**
 * "Connect with Vimeo": Vimeo's approval page in a popup, which comes back to /dialog-vimeo-linking; that
 * page links the account and tells this one how it went.
 */
export function ConnectVimeoButton({
  label = 'Connect with Vimeo',
  onLinked,
}: {
  label?: string;
  /** Called once the popup reports a linked account. */
  onLinked?: () => void;
}) {
  const queryClient = useQueryClient();
  const [waiting, setWaiting] = useState(false);
  const popupRef = useRef<Window | null>(null);
  const onLinkedRef = useRef(onLinked);
  onLinkedRef.current = onLinked;

  useEffect(
    () =>
      listenForLinkingResult((result) => {
        setWaiting(false);
        // The presenter (vimeo_linked) and every Vimeo query change.
        void queryClient.invalidateQueries();
        if (result.ok) {
          notifySuccess(`Your Vimeo account ${result.accountName} is linked.`);
          onLinkedRef.current?.();
        } else notifyError(result.message);
      }),
    [queryClient],
  );

  const open = async () => {
    // Opened during the click, so no popup blocker interferes; it learns its address a moment later.
    const popup = window.open('', POPUP_NAME, popupFeatures());
    popupRef.current = popup;
    setWaiting(true);
    try {
      const { url } = await getVimeoAuthorizeUrl();
      if (popup && !popup.closed) popup.location.href = url;
      else window.location.assign(url);
    } catch (error) {
      popup?.close();
      setWaiting(false);
      notifyError(error instanceof ApiError ? error.message : 'Vimeo could not be opened. Please try again.');
    }
  };

  // The presenter may close the popup without finishing; stop waiting (a late answer is still heard).
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (popupRef.current?.closed) setWaiting(false);
    }, 1000);
    return () => clearInterval(timer);
  }, [waiting]);

  return (
    <Button
      leftSection={<IconBrandVimeo size={18} />}
      // White on Mantine's cyan (shade 6) read 2.8:1, under the 4.5:1 text needs; shade 9 reads 5.6:1.
      color="cyan.9"
      loading={waiting}
      loaderProps={{ type: 'dots' }}
      onClick={open}
    >
      {label}
    </Button>
  );
}
