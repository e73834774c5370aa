import type { CAPTION_LANGUAGES, CAPTION_PLATFORMS, CAPTION_TONES } from '../../../../contract/captions.ts';

type Tone = (typeof CAPTION_TONES)[number];
type Platform = (typeof CAPTION_PLATFORMS)[number];
export type Language = (typeof CAPTION_LANGUAGES)[number];

/** The colour names the composer reads off an image (English keys; each language names them below). */
export const COLOUR_NAMES = ['red', 'orange', 'yellow', 'green', 'teal', 'blue', 'purple', 'pink', 'brown', 'beige', 'white', 'grey', 'black'] as const;
export type ColourName = (typeof COLOUR_NAMES)[number];

/**
 * What the local composer says in one language. Kept to short, plain, correct phrases (no word-by-word machine
 * assembly): a tone's opener and closer, a platform's call to action, the colour line and two neutral detail lines.
 * Object labels (COCO, English) are only mentioned in English; other languages carry them as hashtags.
 */
export interface Phrases {
  opener: Record<Tone, string>;
  closer: Record<Tone, string>;
  cta: Record<Platform, string>;
  colours: Record<ColourName, string>;
  /** The colour line for one or more colour names already in this language. */
  scene(colours: string[]): string;
  details: [string, string];
  /** Between sentences: a space, or nothing in Japanese and Mandarin. */
  space: string;
  /** Hashtags people use for photos in this language, after the image's subject and the platform's. */
  tags: string[];
}

const andList = (words: string[], and: string, comma = ', ') =>
  words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(comma)} ${and} ${words[words.length - 1]}`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

export const PHRASES: Record<Language, Phrases> = {
  English: {
    opener: {
      Friendly: 'Sharing a little moment with you today!',
      Professional: "A closer look at today's image.",
      Witty: 'Some pictures speak louder than captions.',
      Inspirational: 'Every picture holds a story worth telling.',
      Casual: 'Just a quick snap from my day.',
      Humorous: 'I told myself just one photo. I lied.',
    },
    closer: {
      Friendly: 'Have a lovely day!',
      Professional: 'Thank you for reading.',
      Witty: 'Caption needed? Done.',
      Inspirational: 'Keep creating and keep going.',
      Casual: "That's all for now.",
      Humorous: 'No pixels were harmed in the making of this post.',
    },
    cta: {
      Instagram: 'Double tap if you like it.',
      Facebook: 'Tell us what you think in the comments.',
      'X (Twitter)': 'Thoughts?',
      LinkedIn: "I'd love to hear your thoughts in the comments.",
    },
    colours: { red: 'red', orange: 'orange', yellow: 'yellow', green: 'green', teal: 'teal', blue: 'blue', purple: 'purple', pink: 'pink', brown: 'brown', beige: 'beige', white: 'white', grey: 'grey', black: 'black' },
    scene: (c) => `${capitalise(andList(c, 'and'))} tones set the mood.`,
    details: ['Every detail here tells a story.', 'Take a moment to look a little closer.'],
    space: ' ',
    tags: ['photography', 'picoftheday', 'moments'],
  },
  Spanish: {
    opener: {
      Friendly: '¡Hoy comparto contigo un pequeño momento!',
      Professional: 'Una mirada más cercana a la imagen de hoy.',
      Witty: 'Algunas fotos hablan más que cualquier pie de foto.',
      Inspirational: 'Cada imagen guarda una historia que vale la pena contar.',
      Casual: 'Solo una foto rápida de mi día.',
      Humorous: 'Me dije: solo una foto. Mentí.',
    },
    closer: {
      Friendly: '¡Que tengas un día precioso!',
      Professional: 'Gracias por leer.',
      Witty: '¿Pie de foto? Listo.',
      Inspirational: 'Sigue creando, sigue avanzando.',
      Casual: 'Eso es todo por ahora.',
      Humorous: 'Ningún píxel resultó herido en esta publicación.',
    },
    cta: {
      Instagram: 'Dale doble toque si te gusta.',
      Facebook: 'Cuéntanos qué piensas en los comentarios.',
      'X (Twitter)': '¿Qué opinas?',
      LinkedIn: 'Me encantaría conocer tu opinión en los comentarios.',
    },
    colours: { red: 'rojo', orange: 'naranja', yellow: 'amarillo', green: 'verde', teal: 'turquesa', blue: 'azul', purple: 'morado', pink: 'rosa', brown: 'marrón', beige: 'beis', white: 'blanco', grey: 'gris', black: 'negro' },
    scene: (c) => (c.length > 1 ? `Colores dominantes: ${andList(c, 'y')}.` : `Color dominante: ${c[0]}.`),
    details: ['Cada detalle cuenta una historia.', 'Tómate un momento para mirar más de cerca.'],
    space: ' ',
    tags: ['fotografía', 'fotodeldía', 'momentos', 'instafoto'],
  },
  French: {
    opener: {
      Friendly: "Je partage avec vous un petit moment d'aujourd'hui !",
      Professional: "Un regard plus attentif sur l'image du jour.",
      Witty: "Certaines photos en disent plus long qu'une légende.",
      Inspirational: "Chaque image renferme une histoire qui mérite d'être racontée.",
      Casual: 'Juste une petite photo de ma journée.',
      Humorous: "Je m'étais dit : une seule photo. J'ai menti.",
    },
    closer: {
      Friendly: 'Belle journée à vous !',
      Professional: 'Merci de votre lecture.',
      Witty: "Une légende ? C'est fait.",
      Inspirational: 'Continuez à créer, continuez à avancer.',
      Casual: "C'est tout pour le moment.",
      Humorous: "Aucun pixel n'a été maltraité pendant cette publication.",
    },
    cta: {
      Instagram: 'Un double tap si ça vous plaît.',
      Facebook: 'Dites-nous ce que vous en pensez en commentaire.',
      'X (Twitter)': "Qu'en pensez-vous ?",
      LinkedIn: 'Vos avis en commentaire sont les bienvenus.',
    },
    colours: { red: 'rouge', orange: 'orange', yellow: 'jaune', green: 'vert', teal: 'turquoise', blue: 'bleu', purple: 'violet', pink: 'rose', brown: 'marron', beige: 'beige', white: 'blanc', grey: 'gris', black: 'noir' },
    scene: (c) => (c.length > 1 ? `Couleurs dominantes : ${andList(c, 'et')}.` : `Couleur dominante : ${c[0]}.`),
    details: ['Chaque détail raconte une histoire.', 'Prenez un instant pour regarder de plus près.'],
    space: ' ',
    tags: ['photographie', 'photodujour', 'instantané', 'partage'],
  },
  German: {
    opener: {
      Friendly: 'Heute teile ich einen kleinen Moment mit euch!',
      Professional: 'Ein genauerer Blick auf das heutige Bild.',
      Witty: 'Manche Bilder sagen mehr als jede Bildunterschrift.',
      Inspirational: 'Jedes Bild erzählt eine Geschichte, die es wert ist, erzählt zu werden.',
      Casual: 'Nur ein schneller Schnappschuss von meinem Tag.',
      Humorous: 'Ich sagte mir: nur ein Foto. Ich habe gelogen.',
    },
    closer: {
      Friendly: 'Habt einen schönen Tag!',
      Professional: 'Vielen Dank fürs Lesen.',
      Witty: 'Bildunterschrift? Erledigt.',
      Inspirational: 'Bleib kreativ und mach weiter.',
      Casual: "Das war's für heute.",
      Humorous: 'Bei diesem Beitrag wurden keine Pixel verletzt.',
    },
    cta: {
      Instagram: 'Doppeltippen, wenn es dir gefällt.',
      Facebook: 'Sagt uns in den Kommentaren, was ihr denkt.',
      'X (Twitter)': 'Was meint ihr?',
      LinkedIn: 'Ich freue mich auf Ihre Gedanken in den Kommentaren.',
    },
    colours: { red: 'Rot', orange: 'Orange', yellow: 'Gelb', green: 'Grün', teal: 'Türkis', blue: 'Blau', purple: 'Lila', pink: 'Rosa', brown: 'Braun', beige: 'Beige', white: 'Weiß', grey: 'Grau', black: 'Schwarz' },
    scene: (c) => (c.length > 1 ? `Vorherrschende Farben: ${andList(c, 'und')}.` : `Vorherrschende Farbe: ${c[0]}.`),
    details: ['Jedes Detail erzählt eine Geschichte.', 'Nimm dir einen Moment und schau genauer hin.'],
    space: ' ',
    tags: ['fotografie', 'bilddestages', 'augenblick', 'momente'],
  },
  Japanese: {
    opener: {
      Friendly: '今日のちょっとした瞬間をシェアします！',
      Professional: '本日の一枚をご紹介します。',
      Witty: '写真はキャプションより雄弁です。',
      Inspirational: 'どの写真にも、語る価値のある物語があります。',
      Casual: '今日のなにげない一枚。',
      Humorous: '「一枚だけ」と言ったのに、また撮ってしまいました。',
    },
    closer: {
      Friendly: '素敵な一日を！',
      Professional: 'ご覧いただきありがとうございます。',
      Witty: 'キャプション、完成。',
      Inspirational: 'これからも創り続けよう。',
      Casual: '今日はここまで。',
      Humorous: 'この投稿でピクセルは一つも傷ついていません。',
    },
    cta: {
      Instagram: '気に入ったらダブルタップしてね。',
      Facebook: '感想をコメントで教えてください。',
      'X (Twitter)': 'どう思いますか？',
      LinkedIn: 'ご意見をコメントでお聞かせください。',
    },
    colours: { red: '赤', orange: 'オレンジ', yellow: '黄色', green: '緑', teal: 'ターコイズ', blue: '青', purple: '紫', pink: 'ピンク', brown: '茶色', beige: 'ベージュ', white: '白', grey: 'グレー', black: '黒' },
    scene: (c) => `主な色：${c.join('、')}。`,
    details: ['細部のひとつひとつに物語があります。', '少し近づいて、じっくり見てみてください。'],
    space: '',
    tags: ['写真好きな人と繋がりたい', '今日の一枚', 'カメラ', '日常'],
  },
  Mandarin: {
    opener: {
      Friendly: '今天和大家分享一个小小的瞬间！',
      Professional: '带您近距离了解今天的这张图片。',
      Witty: '有些照片比任何文字都更有说服力。',
      Inspirational: '每一张照片都有一个值得讲述的故事。',
      Casual: '随手拍下的今日一刻。',
      Humorous: '说好只拍一张，结果又拍了好多张。',
    },
    closer: {
      Friendly: '祝你有美好的一天！',
      Professional: '感谢您的阅读。',
      Witty: '配文？搞定。',
      Inspirational: '继续创作，继续前行。',
      Casual: '今天就到这里。',
      Humorous: '本帖制作过程中没有任何像素受到伤害。',
    },
    cta: {
      Instagram: '喜欢的话就双击一下吧。',
      Facebook: '欢迎在评论区告诉我们你的想法。',
      'X (Twitter)': '你怎么看？',
      LinkedIn: '欢迎在评论区分享您的看法。',
    },
    colours: { red: '红色', orange: '橙色', yellow: '黄色', green: '绿色', teal: '青绿色', blue: '蓝色', purple: '紫色', pink: '粉色', brown: '棕色', beige: '米色', white: '白色', grey: '灰色', black: '黑色' },
    scene: (c) => `主色调：${c.join('、')}。`,
    details: ['每一个细节都在讲述故事。', '花点时间，仔细看看。'],
    space: '',
    tags: ['摄影', '每日一图', '生活', '分享'],
  },
  Hindi: {
    opener: {
      Friendly: 'आइए, आज का एक छोटा सा पल साथ में देखें!',
      Professional: 'आज की तस्वीर पर एक नज़दीकी नज़र।',
      Witty: 'कुछ तस्वीरें किसी भी कैप्शन से ज़्यादा बोलती हैं।',
      Inspirational: 'हर तस्वीर में एक कहानी छिपी होती है।',
      Casual: 'बस मेरे दिन की एक झलक।',
      Humorous: 'बात बस एक फ़ोटो की थी... फिर बीस हो गईं।',
    },
    closer: {
      Friendly: 'आपका दिन शुभ हो!',
      Professional: 'पढ़ने के लिए धन्यवाद।',
      Witty: 'कैप्शन? हो गया।',
      Inspirational: 'बनाते रहिए, आगे बढ़ते रहिए।',
      Casual: 'अभी के लिए बस इतना ही।',
      Humorous: 'इस पोस्ट को बनाते समय किसी भी पिक्सेल को चोट नहीं पहुँची।',
    },
    cta: {
      Instagram: 'पसंद आए तो डबल टैप करें।',
      Facebook: 'कमेंट में बताइए आपको कैसा लगा।',
      'X (Twitter)': 'आपकी क्या राय है?',
      LinkedIn: 'कमेंट में अपने विचार ज़रूर साझा करें।',
    },
    colours: { red: 'लाल', orange: 'नारंगी', yellow: 'पीला', green: 'हरा', teal: 'फ़िरोज़ी', blue: 'नीला', purple: 'बैंगनी', pink: 'गुलाबी', brown: 'भूरा', beige: 'बेज', white: 'सफ़ेद', grey: 'स्लेटी', black: 'काला' },
    scene: (c) => `मुख्य रंग: ${andList(c, 'और')}।`,
    details: ['हर बारीकी एक कहानी कहती है।', 'एक पल रुककर इसे ध्यान से देखिए।'],
    space: ' ',
    tags: ['फोटोग्राफी', 'आजकीतस्वीर', 'यादें', 'पल'],
  },
  Arabic: {
    opener: {
      Friendly: 'أشارككم اليوم لحظة صغيرة!',
      Professional: 'نظرة أقرب على صورة اليوم.',
      Witty: 'بعض الصور تتحدث أكثر من أي تعليق.',
      Inspirational: 'في كل صورة قصة تستحق أن تُروى.',
      Casual: 'مجرد لقطة سريعة من يومي.',
      Humorous: 'قلت لنفسي: صورة واحدة فقط. لم يحدث ذلك.',
    },
    closer: {
      Friendly: 'أتمنى لكم يومًا جميلًا!',
      Professional: 'شكرًا على القراءة.',
      Witty: 'التعليق؟ تم.',
      Inspirational: 'استمروا في الإبداع والتقدم.',
      Casual: 'هذا كل شيء الآن.',
      Humorous: 'لم يتضرر أي بكسل أثناء إعداد هذا المنشور.',
    },
    cta: {
      Instagram: 'اضغط مرتين إذا أعجبتك.',
      Facebook: 'أخبرونا برأيكم في التعليقات.',
      'X (Twitter)': 'ما رأيكم؟',
      LinkedIn: 'يسعدني أن أقرأ آراءكم في التعليقات.',
    },
    colours: { red: 'الأحمر', orange: 'البرتقالي', yellow: 'الأصفر', green: 'الأخضر', teal: 'الفيروزي', blue: 'الأزرق', purple: 'البنفسجي', pink: 'الوردي', brown: 'البني', beige: 'البيج', white: 'الأبيض', grey: 'الرمادي', black: 'الأسود' },
    // 'و' (and) is written joined to the next word.
    scene: (c) => (c.length > 1 ? `الألوان الغالبة: ${c[0]}${c.slice(1).map((w) => ` و${w}`).join('')}.` : `اللون الغالب: ${c[0]}.`),
    details: ['كل تفصيل هنا يحكي قصة.', 'خذ لحظة وانظر عن قرب.'],
    space: ' ',
    tags: ['تصوير', 'صورة_اليوم', 'لحظات', 'إبداع'],
  },
};
