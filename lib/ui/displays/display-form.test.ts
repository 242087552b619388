import { describe, expect, it } from 'vitest';
import { configFromForm, formFromConfig, NEW_DISPLAY_FORM } from './display-form';

describe('configFromForm', () => {
  it('builds the config in view order when the form is complete', () => {
    expect(configFromForm({ name: ' Sales floor ', queuesMode: 'some', queues: ['Sales', ' Sales', 'Billing'], views: ['agents', 'queues'], rotateSeconds: '20' })).toEqual({
      config: { name: 'Sales floor', queues: ['Sales', 'Billing'], views: ['queues', 'agents'], rotateSeconds: 20 },
    });
  });

  it('ignores picked queues when the display shows all of them', () => {
    expect(configFromForm({ ...NEW_DISPLAY_FORM, name: 'Lobby', queues: ['Sales'] })).toEqual({
      config: { name: 'Lobby', queues: 'all', views: ['queues'], rotateSeconds: 30 },
    });
  });

  it.each([
    [{ ...NEW_DISPLAY_FORM }, 'Give the display a name, such as “Sales floor”.'],
    [{ ...NEW_DISPLAY_FORM, name: 'x'.repeat(61) }, 'Keep the name under 60 characters.'],
    [{ ...NEW_DISPLAY_FORM, name: 'a', queuesMode: 'some' as const }, 'Pick at least one queue, or show all queues.'],
    [{ ...NEW_DISPLAY_FORM, name: 'a', views: [] }, 'Pick at least one view.'],
    [{ ...NEW_DISPLAY_FORM, name: 'a', rotateSeconds: '2' }, 'Rotation must be a whole number of seconds from 5 to 3600.'],
    [{ ...NEW_DISPLAY_FORM, name: 'a', rotateSeconds: '7.5' }, 'Rotation must be a whole number of seconds from 5 to 3600.'],
  ])('names the problem when the form is incomplete (%#)', (form, problem) => {
    expect(configFromForm(form)).toEqual({ problem });
  });
});

describe('formFromConfig', () => {
  it('round-trips a config through the form when editing', () => {
    const config = { name: 'Reception', queues: ['Support'], views: ['queue' as const], rotateSeconds: 15 };
    expect(configFromForm(formFromConfig(config))).toEqual({ config });
  });
});
