import type { Language } from './caption-phrases.ts';

/**
 * What the object detector names (its 80 COCO labels, English), as a hashtag word in each caption language: a
 * caption in Spanish tags a cup #taza, not #cup. A label missing here is not tagged outside English.
 */
type Other = Exclude<Language, 'English'>;
const ORDER: readonly Other[] = ['Spanish', 'French', 'German', 'Japanese', 'Mandarin', 'Hindi', 'Arabic'];

// label: Spanish, French, German, Japanese, Mandarin, Hindi, Arabic
const TABLE: Record<string, readonly [string, string, string, string, string, string, string]> = {
  person: ['persona', 'personne', 'Mensch', '人物', '人物', 'व्यक्ति', 'شخص'],
  bicycle: ['bicicleta', 'vélo', 'Fahrrad', '自転車', '自行车', 'साइकिल', 'دراجة'],
  car: ['coche', 'voiture', 'Auto', '車', '汽车', 'कार', 'سيارة'],
  motorcycle: ['moto', 'moto', 'Motorrad', 'バイク', '摩托车', 'मोटरसाइकिल', 'دراجة_نارية'],
  airplane: ['avión', 'avion', 'Flugzeug', '飛行機', '飞机', 'हवाईजहाज', 'طائرة'],
  bus: ['autobús', 'bus', 'Bus', 'バス', '公交车', 'बस', 'حافلة'],
  train: ['tren', 'train', 'Zug', '電車', '火车', 'रेलगाड़ी', 'قطار'],
  truck: ['camión', 'camion', 'Lastwagen', 'トラック', '卡车', 'ट्रक', 'شاحنة'],
  boat: ['barco', 'bateau', 'Boot', '船', '船', 'नाव', 'قارب'],
  'traffic light': ['semáforo', 'feurouge', 'Ampel', '信号機', '红绿灯', 'ट्रैफिकलाइट', 'إشارة_مرور'],
  'fire hydrant': ['hidrante', 'bouchedincendie', 'Hydrant', '消火栓', '消防栓', 'अग्निहाइड्रेंट', 'صنبور_إطفاء'],
  'stop sign': ['señaldestop', 'panneaustop', 'Stoppschild', '一時停止', '停车标志', 'स्टॉपसाइन', 'إشارة_توقف'],
  'parking meter': ['parquímetro', 'parcmètre', 'Parkuhr', 'パーキングメーター', '停车计时器', 'पार्किंगमीटर', 'عداد_موقف'],
  bench: ['banco', 'banc', 'Bank', 'ベンチ', '长椅', 'बेंच', 'مقعد'],
  bird: ['pájaro', 'oiseau', 'Vogel', '鳥', '鸟', 'पक्षी', 'طائر'],
  cat: ['gato', 'chat', 'Katze', '猫', '猫', 'बिल्ली', 'قطة'],
  dog: ['perro', 'chien', 'Hund', '犬', '狗', 'कुत्ता', 'كلب'],
  horse: ['caballo', 'cheval', 'Pferd', '馬', '马', 'घोड़ा', 'حصان'],
  sheep: ['oveja', 'mouton', 'Schaf', '羊', '羊', 'भेड़', 'خروف'],
  cow: ['vaca', 'vache', 'Kuh', '牛', '奶牛', 'गाय', 'بقرة'],
  elephant: ['elefante', 'éléphant', 'Elefant', '象', '大象', 'हाथी', 'فيل'],
  bear: ['oso', 'ours', 'Bär', '熊', '熊', 'भालू', 'دب'],
  zebra: ['cebra', 'zèbre', 'Zebra', 'シマウマ', '斑马', 'ज़ेबरा', 'حمار_وحشي'],
  giraffe: ['jirafa', 'girafe', 'Giraffe', 'キリン', '长颈鹿', 'जिराफ़', 'زرافة'],
  backpack: ['mochila', 'sacàdos', 'Rucksack', 'リュック', '背包', 'बैग', 'حقيبة_ظهر'],
  umbrella: ['paraguas', 'parapluie', 'Regenschirm', '傘', '雨伞', 'छाता', 'مظلة'],
  handbag: ['bolso', 'sacàmain', 'Handtasche', 'ハンドバッグ', '手提包', 'हैंडबैग', 'حقيبة_يد'],
  tie: ['corbata', 'cravate', 'Krawatte', 'ネクタイ', '领带', 'टाई', 'ربطة_عنق'],
  suitcase: ['maleta', 'valise', 'Koffer', 'スーツケース', '行李箱', 'सूटकेस', 'حقيبة_سفر'],
  frisbee: ['frisbi', 'frisbee', 'Frisbee', 'フリスビー', '飞盘', 'फ्रिस्बी', 'فريسبي'],
  skis: ['esquí', 'ski', 'Ski', 'スキー', '滑雪', 'स्की', 'تزلج'],
  snowboard: ['snowboard', 'snowboard', 'Snowboard', 'スノーボード', '单板滑雪', 'स्नोबोर्ड', 'تزلج_على_الثلج'],
  'sports ball': ['pelota', 'ballon', 'Ball', 'ボール', '球', 'गेंद', 'كرة'],
  kite: ['cometa', 'cerfvolant', 'Drachen', '凧', '风筝', 'पतंग', 'طائرة_ورقية'],
  'baseball bat': ['bate', 'batte', 'Baseballschläger', 'バット', '球棒', 'बल्ला', 'مضرب_بيسبول'],
  'baseball glove': ['guante', 'gant', 'Baseballhandschuh', 'グローブ', '棒球手套', 'दस्ताना', 'قفاز_بيسبول'],
  skateboard: ['monopatín', 'skate', 'Skateboard', 'スケボー', '滑板', 'स्केटबोर्ड', 'لوح_تزلج'],
  surfboard: ['tabladesurf', 'surf', 'Surfbrett', 'サーフボード', '冲浪板', 'सर्फबोर्ड', 'لوح_ركمجة'],
  'tennis racket': ['raqueta', 'raquette', 'Tennisschläger', 'ラケット', '网球拍', 'रैकेट', 'مضرب_تنس'],
  bottle: ['botella', 'bouteille', 'Flasche', 'ボトル', '瓶子', 'बोतल', 'زجاجة'],
  'wine glass': ['copadevino', 'verreàvin', 'Weinglas', 'ワイングラス', '酒杯', 'वाइनग्लास', 'كأس'],
  cup: ['taza', 'tasse', 'Tasse', 'カップ', '杯子', 'कप', 'كوب'],
  fork: ['tenedor', 'fourchette', 'Gabel', 'フォーク', '叉子', 'काँटा', 'شوكة'],
  knife: ['cuchillo', 'couteau', 'Messer', 'ナイフ', '刀', 'चाकू', 'سكين'],
  spoon: ['cuchara', 'cuillère', 'Löffel', 'スプーン', '勺子', 'चम्मच', 'ملعقة'],
  bowl: ['cuenco', 'bol', 'Schüssel', 'ボウル', '碗', 'कटोरी', 'وعاء'],
  banana: ['plátano', 'banane', 'Banane', 'バナナ', '香蕉', 'केला', 'موز'],
  apple: ['manzana', 'pomme', 'Apfel', 'りんご', '苹果', 'सेब', 'تفاح'],
  sandwich: ['sándwich', 'sandwich', 'Sandwich', 'サンドイッチ', '三明治', 'सैंडविच', 'شطيرة'],
  orange: ['naranja', 'orange', 'Orange', 'オレンジ', '橙子', 'संतरा', 'برتقال'],
  broccoli: ['brócoli', 'brocoli', 'Brokkoli', 'ブロッコリー', '西兰花', 'ब्रोकली', 'بروكلي'],
  carrot: ['zanahoria', 'carotte', 'Karotte', 'にんじん', '胡萝卜', 'गाजर', 'جزر'],
  'hot dog': ['perrito', 'hotdog', 'Hotdog', 'ホットドッグ', '热狗', 'हॉटडॉग', 'هوت_دوغ'],
  pizza: ['pizza', 'pizza', 'Pizza', 'ピザ', '披萨', 'पिज़्ज़ा', 'بيتزا'],
  donut: ['dónut', 'beignet', 'Donut', 'ドーナツ', '甜甜圈', 'डोनट', 'دونات'],
  cake: ['pastel', 'gâteau', 'Kuchen', 'ケーキ', '蛋糕', 'केक', 'كعكة'],
  chair: ['silla', 'chaise', 'Stuhl', '椅子', '椅子', 'कुर्सी', 'كرسي'],
  couch: ['sofá', 'canapé', 'Sofa', 'ソファ', '沙发', 'सोफ़ा', 'أريكة'],
  'potted plant': ['planta', 'plante', 'Pflanze', '観葉植物', '盆栽', 'पौधा', 'نبتة'],
  bed: ['cama', 'lit', 'Bett', 'ベッド', '床', 'बिस्तर', 'سرير'],
  'dining table': ['mesa', 'table', 'Tisch', 'テーブル', '餐桌', 'मेज़', 'طاولة'],
  toilet: ['baño', 'toilettes', 'Toilette', 'トイレ', '马桶', 'शौचालय', 'مرحاض'],
  tv: ['televisión', 'télé', 'Fernseher', 'テレビ', '电视', 'टीवी', 'تلفاز'],
  laptop: ['portátil', 'ordinateur', 'Laptop', 'ノートパソコン', '笔记本电脑', 'लैपटॉप', 'حاسوب'],
  mouse: ['ratón', 'souris', 'Maus', 'マウス', '鼠标', 'माउस', 'فأرة'],
  remote: ['mando', 'télécommande', 'Fernbedienung', 'リモコン', '遥控器', 'रिमोट', 'جهاز_تحكم'],
  keyboard: ['teclado', 'clavier', 'Tastatur', 'キーボード', '键盘', 'कीबोर्ड', 'لوحة_مفاتيح'],
  'cell phone': ['móvil', 'téléphone', 'Handy', 'スマホ', '手机', 'मोबाइल', 'هاتف'],
  microwave: ['microondas', 'microondes', 'Mikrowelle', '電子レンジ', '微波炉', 'माइक्रोवेव', 'ميكروويف'],
  oven: ['horno', 'four', 'Ofen', 'オーブン', '烤箱', 'ओवन', 'فرن'],
  toaster: ['tostadora', 'grillepain', 'Toaster', 'トースター', '烤面包机', 'टोस्टर', 'محمصة'],
  sink: ['fregadero', 'évier', 'Spüle', 'シンク', '水槽', 'सिंक', 'مغسلة'],
  refrigerator: ['nevera', 'frigo', 'Kühlschrank', '冷蔵庫', '冰箱', 'फ्रिज', 'ثلاجة'],
  book: ['libro', 'livre', 'Buch', '本', '书', 'किताब', 'كتاب'],
  clock: ['reloj', 'horloge', 'Uhr', '時計', '时钟', 'घड़ी', 'ساعة'],
  vase: ['jarrón', 'vase', 'Vase', '花瓶', '花瓶', 'फूलदान', 'مزهرية'],
  scissors: ['tijeras', 'ciseaux', 'Schere', 'はさみ', '剪刀', 'कैंची', 'مقص'],
  'teddy bear': ['osito', 'nounours', 'Teddybär', 'テディベア', '泰迪熊', 'टेडीबियर', 'دبدوب'],
  'hair drier': ['secador', 'sèchecheveux', 'Föhn', 'ドライヤー', '吹风机', 'हेयरड्रायर', 'مجفف_شعر'],
  toothbrush: ['cepillo', 'brosseàdents', 'Zahnbürste', '歯ブラシ', '牙刷', 'टूथब्रश', 'فرشاة_أسنان'],
};

/** The hashtag word for a detected object in a caption language (English: the label itself), or null. */
export function subjectWord(label: string, language: Language): string | null {
  if (language === 'English') return label;
  return TABLE[label]?.[ORDER.indexOf(language)] ?? null;
}

/** The labels this table knows (a test checks it covers the detector's). */
export const SUBJECT_LABELS = Object.keys(TABLE);
