// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import '../../lib/i18n.ts';
import { renderInConsole } from '../../test/console.tsx';
import { HolderChangeText } from './card-holder-changes.tsx';

describe('a change of the holder’s data, as the card detail lists it', () => {
  it('shows the changed fields under their labels, masked as sent, a photo as a thumbnail', () => {
    renderInConsole(
      <HolderChangeText
        change={{
          id: 1,
          adminId: 1,
          before: { name: '张三', idNumber: '1101**********1234', phone: '138****1234', facePhoto: '' },
          after: {
            name: '张三',
            idNumber: '1101**********1234',
            phone: '139****5678',
            facePhoto: '/uploads/demo/picture-1.png',
          },
          reason: '更换手机号',
          createTime: '2026-03-01T00:00:00.000Z',
        }}
      />,
    );
    expect(screen.getByTestId('holder-change-phone')).toHaveTextContent(
      '持卡人手机号:138****1234139****5678',
    );
    // the unchanged name and ID number are not listed
    expect(screen.queryByTestId('holder-change-name')).toBeNull();
    expect(screen.queryByTestId('holder-change-idNumber')).toBeNull();
    const photo = screen.getByTestId('holder-change-facePhoto');
    expect(photo).toHaveTextContent('人脸照片:—');
    expect(photo).not.toHaveTextContent('/uploads/');
    expect(photo.querySelector('img')).toHaveAttribute('src', '/uploads/demo/picture-1.png');
    expect(photo.querySelector('img')).toHaveAttribute('alt', '人脸照片');
  });
});
