import type { ToolId } from '../../../contract/tools.ts';
import { useState } from 'react';
import { MOCKUP_DEFAULT_COLORS, type MockupDimension, type MockupStyle } from '../../../contract/ai.ts';
import { mul } from '../../../contract/decimal.ts';
import { prepareSourceImage, stripDataUrl, type SourceImage } from '../../lib/image-resize.ts';
import { useElapsedSeconds } from '../../lib/use-elapsed-seconds.ts';
import { BackgroundStep } from './background-step.tsx';
import { GeneratePanel } from './generate-panel.tsx';
import { MAX_MOCKUP_IMAGES, toggleStyle, validateMockup, type MockupBackground } from './mockup-options.ts';
import { OutputStep } from './output-step.tsx';
import { StyleStep } from './style-step.tsx';
import { UploadStep } from './upload-step.tsx';
import { useMockupJob } from './use-mockup-job.ts';
import { BatchButton } from '../ai-shared/batch/batch-button.tsx';
import { useToolCost } from '../ai-shared/engine.ts';
import { useImageUpload } from '../ai-shared/use-image-upload.ts';

const MOCKUP_TOOL_ID = 'mockup-generator' satisfies ToolId;

/** Mockup generator (/tools/mockup-generator, spec 2 §2): four steps, then the mockups with downloads. */
// The tool page passes every tool its config ({ tool }); this one knows its own and ignores it.
export function MockupPage() {
  const job = useMockupJob();
  const [styles, setStyles] = useState<MockupStyle[]>([]);
  const [customStyle, setCustomStyle] = useState('');
  const [background, setBackground] = useState<MockupBackground>('photo-studio');
  const [color1, setColor1] = useState<string>(MOCKUP_DEFAULT_COLORS.color1);
  const [color2, setColor2] = useState<string>(MOCKUP_DEFAULT_COLORS.color2);
  const [dimensions, setDimensions] = useState<MockupDimension>('landscape');
  const [shadow, setShadow] = useState(true);
  const [validation, setValidation] = useState<string | null>(null);
  const upload = useImageUpload<SourceImage>({
    prepare: (file) => prepareSourceImage(file, file.name),
    max: MAX_MOCKUP_IMAGES,
    onAdded: () => setValidation(null),
  });
  const images = upload.images;
  const elapsed = useElapsedSeconds(job.busy);
  // Quoted on the engine that will run: the local engine's drawn previews by its `local` price, a provider's by `standard`.
  const { engine, prediction } = useToolCost(MOCKUP_TOOL_ID);
  const perStyle = prediction.data?.required_credits ?? null;
  const cost = perStyle ? mul(perStyle, String(Math.max(1, styles.length))) : null;
  const locked = job.busy;

  /** The call's fields other than the artwork: a Generate's, and a batch's options (issue 28; each image, every style). */
  const options = {
    styles,
    ...(styles.includes('custom') ? { customStyle: customStyle.trim() } : {}),
    background,
    ...(background === 'plain-color' ? { color1 } : background === 'gradient' ? { color1, color2 } : {}),
    dimensions,
    shadow,
  };

  const generate = () => {
    const problem = validateMockup({ imageCount: images.length, styles, customStyle });
    setValidation(problem);
    if (problem) return;
    void job.start({ toolName: MOCKUP_TOOL_ID, images: images.map((image) => stripDataUrl(image.dataUrl)), ...options });
  };

  return (
    <div className="grid items-start gap-6 lg:grid-cols-5">
      <div className="space-y-6 lg:col-span-3">
        <UploadStep upload={upload} styles={styles} busy={locked} />
        <BatchButton tool={MOCKUP_TOOL_ID} options={options} cost={cost} disabled={locked} hint="Many artworks? Each one gets every chosen style, up to 50 at once." />
        <StyleStep
          styles={styles}
          onToggle={(style) => {
            setStyles((current) => toggleStyle(current, style));
            setValidation(null);
          }}
          customStyle={customStyle}
          onCustomStyle={setCustomStyle}
          disabled={locked}
        />
        <BackgroundStep background={background} onBackground={setBackground} color1={color1} color2={color2} onColor1={setColor1} onColor2={setColor2} disabled={locked} />
        <OutputStep dimensions={dimensions} onDimensions={setDimensions} shadow={shadow} onShadow={setShadow} disabled={locked} />
      </div>
      <div className={job.state.phase === 'completed' ? 'lg:col-span-2' : 'lg:sticky lg:top-24 lg:col-span-2'}>
        <GeneratePanel
          state={job.state}
          engine={engine}
          imageCount={images.length}
          styleCount={styles.length}
          cost={cost}
          perStyle={perStyle}
          validation={validation}
          elapsed={elapsed}
          onGenerate={generate}
          onAgain={job.reset}
        />
      </div>
    </div>
  );
}
