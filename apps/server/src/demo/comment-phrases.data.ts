// What demo customers write: phrase pairs (Turkish, English) per topic and polarity. A comment is built from
// these pairs, so its translation, topics and sentiment always agree with the text and with the score.

/** [Turkish, English], optionally with the emotion the sentence expresses. */
export type Phrase = readonly [tr: string, en: string, emotion?: EmotionKey];

export type EmotionKey = 'joy' | 'trust' | 'anger' | 'sadness' | 'fear' | 'surprise';

export const EMOTIONS: readonly { key: EmotionKey; name: string }[] = [
  { key: 'joy', name: 'Joy' },
  { key: 'trust', name: 'Trust' },
  { key: 'anger', name: 'Anger' },
  { key: 'sadness', name: 'Sadness' },
  { key: 'fear', name: 'Fear' },
  { key: 'surprise', name: 'Surprise' },
];

export type TopicKey =
  | 'waiting'
  | 'waiting.queue'
  | 'waiting.callCentre'
  | 'staff'
  | 'staff.friendliness'
  | 'staff.expertise'
  | 'fees'
  | 'fees.account'
  | 'fees.transfer'
  | 'digital'
  | 'digital.mobile'
  | 'digital.internet'
  | 'atm'
  | 'environment'
  | 'loan'
  | 'loan.interest'
  | 'loan.approval'
  | 'card'
  | 'card.limit'
  | 'card.delivery';

export type TopicDefinition = {
  key: TopicKey;
  /** The main topic of a sub-topic. */
  parent?: TopicKey;
  tr: string;
  en: string;
  /** What an unhappy customer feels about it when the sentence says nothing more specific. */
  negativeEmotion: EmotionKey;
  negative: readonly Phrase[];
  positive: readonly Phrase[];
};

export const TOPICS: readonly TopicDefinition[] = [
  {
    key: 'waiting',
    tr: 'Bekleme süresi',
    en: 'Waiting time',
    negativeEmotion: 'anger',
    negative: [
      [
        'İşlemlerin bu kadar uzun sürmesi kabul edilemez.',
        'It is unacceptable that everything takes so long.',
      ],
      ['Her seferinde çok fazla zaman kaybediyorum.', 'I lose far too much time every single visit.'],
    ],
    positive: [
      ['Her şey çok hızlıydı, hiç vakit kaybetmedim.', "Everything was quick; I didn't waste any time."],
      [
        'İşlemim beklediğimden çok daha kısa sürdü.',
        'My transaction took much less time than I expected.',
        'surprise',
      ],
    ],
  },
  {
    key: 'waiting.queue',
    parent: 'waiting',
    tr: 'Şube kuyruğu',
    en: 'Branch queue',
    negativeEmotion: 'anger',
    negative: [
      [
        'Şubede sıra beklemekten yoruldum, işlemim bir saati buldu.',
        'I got tired of queuing; my visit took almost an hour.',
      ],
      [
        'Gişede tek personel vardı ve sıra hiç ilerlemedi.',
        'There was only one teller on duty and the queue hardly moved.',
      ],
      ['Basit bir işlem için 45 dakika bekledim.', 'I waited 45 minutes for a simple transaction.'],
      [
        'Sıra numarası aldıktan sonra çok uzun süre beklemek zorunda kaldım.',
        'After taking a ticket I had to wait a very long time.',
      ],
      [
        'Öğle saatinde gitmek hataydı, sıra kapıya kadar uzanıyordu.',
        'Going at lunchtime was a mistake; the queue reached the door.',
      ],
    ],
    positive: [
      ['Hiç sıra beklemeden işlemimi hallettim.', 'I got my transaction done without queuing at all.'],
      [
        'Sıra çok hızlı ilerledi, beş dakikada işim bitti.',
        'The queue moved fast and I was done in five minutes.',
      ],
      [
        'Randevu aldığım için beklemeden hizmet aldım.',
        'Because I had an appointment I was served straight away.',
      ],
    ],
  },
  {
    key: 'waiting.callCentre',
    parent: 'waiting',
    tr: 'Çağrı merkezi bekleme',
    en: 'Call centre wait',
    negativeEmotion: 'anger',
    negative: [
      [
        'Çağrı merkezinde temsilciye bağlanmak için 20 dakika bekledim.',
        'I waited 20 minutes to reach an agent at the call centre.',
      ],
      [
        'Çağrı merkezini defalarca aradım ama kimseye ulaşamadım.',
        "I called the call centre again and again but couldn't reach anyone.",
      ],
    ],
    positive: [
      [
        'Çağrı merkezinde hemen bir temsilciye bağlandım.',
        'I was put through to a call centre agent right away.',
      ],
      ['Çağrı merkezi aynı gün geri dönüş yaptı.', 'The call centre called me back the same day.'],
    ],
  },
  {
    key: 'staff',
    tr: 'Personel tutumu',
    en: 'Staff attitude',
    negativeEmotion: 'anger',
    negative: [
      [
        'Personel ilgisizdi, sorularıma doğru düzgün cevap alamadım.',
        "The staff were indifferent and I couldn't get proper answers.",
      ],
      ['Gişedeki görevli çok kaba davrandı.', 'The teller was very rude to me.'],
      [
        'Kimse sorumluluk almak istemedi, beni masadan masaya gönderdiler.',
        'Nobody wanted to take responsibility; they sent me from desk to desk.',
      ],
    ],
    positive: [
      ['Personel çok ilgili ve yardımseverdi.', 'The staff were very attentive and helpful.', 'trust'],
      [
        'Müşteri temsilcim her adımda yanımdaydı, çok teşekkür ederim.',
        'My representative was with me at every step, thank you so much.',
        'trust',
      ],
      [
        'Şube müdürü sorunumla bizzat ilgilendi.',
        'The branch manager took care of my problem personally.',
        'surprise',
      ],
    ],
  },
  {
    key: 'staff.friendliness',
    parent: 'staff',
    tr: 'Güler yüz',
    en: 'Friendliness',
    negativeEmotion: 'sadness',
    negative: [
      ['Kimse yüzüme bakıp selam bile vermedi.', 'Nobody even looked at me or said hello.'],
      ['Görevli sanki işini yapmaktan rahatsız gibiydi.', 'The clerk acted as if serving me was a nuisance.'],
    ],
    positive: [
      ['Herkes güler yüzlü ve nazikti.', 'Everyone was friendly and polite.'],
      [
        'Güvenlik görevlisinden gişeye kadar herkes beni sıcak karşıladı.',
        'From the security guard to the teller, everyone welcomed me warmly.',
      ],
      ['Personelin güler yüzü günümü güzelleştirdi.', "The staff's friendliness made my day."],
    ],
  },
  {
    key: 'staff.expertise',
    parent: 'staff',
    tr: 'Uzmanlık',
    en: 'Expertise',
    negativeEmotion: 'anger',
    negative: [
      [
        'Temsilci ürün hakkında yeterli bilgiye sahip değildi.',
        "The representative didn't know enough about the product.",
      ],
      [
        'Her sorduğumda farklı bir cevap aldım, kimse konuyu bilmiyordu.',
        'Every time I asked I got a different answer; nobody knew the subject.',
      ],
    ],
    positive: [
      [
        'Temsilcim yatırım seçeneklerini çok net anlattı.',
        'My advisor explained the investment options very clearly.',
        'trust',
      ],
      [
        'Sorunumu hemen anladı ve çözümü anında buldu.',
        'She understood my problem at once and found the solution on the spot.',
        'trust',
      ],
    ],
  },
  {
    key: 'fees',
    tr: 'Ücretler',
    en: 'Fees',
    negativeEmotion: 'anger',
    negative: [
      [
        'Ücretler çok yüksek, her işlemden para kesiliyor.',
        'The fees are far too high; every transaction costs money.',
      ],
      [
        'Habersiz kesilen ücretler beni çok rahatsız etti.',
        'I was really annoyed by fees charged without notice.',
      ],
    ],
    positive: [
      ['Ücretler diğer bankalara göre çok makul.', 'The fees are very reasonable compared with other banks.'],
    ],
  },
  {
    key: 'fees.account',
    parent: 'fees',
    tr: 'Hesap işletim ücreti',
    en: 'Account fees',
    negativeEmotion: 'anger',
    negative: [
      [
        'Hesap işletim ücreti adı altında her ay para kesiliyor.',
        'Every month money is taken as an account maintenance fee.',
      ],
      [
        'Kullanmadığım hesaptan bile işletim ücreti alındı.',
        'I was charged a maintenance fee even on an account I never use.',
      ],
    ],
    positive: [
      [
        'Hesap işletim ücreti alınmaması büyük avantaj.',
        'Not paying an account maintenance fee is a big plus.',
      ],
    ],
  },
  {
    key: 'fees.transfer',
    parent: 'fees',
    tr: 'Havale ve EFT ücretleri',
    en: 'Transfer fees',
    negativeEmotion: 'anger',
    negative: [
      [
        'EFT ücretleri fahiş, başka bankaya geçmeyi düşünüyorum.',
        "Transfer fees are outrageous; I'm thinking of moving to another bank.",
      ],
      ['Küçük bir havale için bile yüksek masraf çıktı.', 'Even a small transfer came with a high charge.'],
    ],
    positive: [
      [
        'Mobilden yaptığım havaleler ücretsiz, çok memnunum.',
        "Transfers from the mobile app are free and I'm very pleased.",
      ],
    ],
  },
  {
    key: 'digital',
    tr: 'Dijital kanallar',
    en: 'Digital channels',
    negativeEmotion: 'anger',
    negative: [
      [
        'Dijital kanallarda sürekli teknik sorun yaşanıyor.',
        'There are constant technical problems on the digital channels.',
      ],
      [
        'Sistemler yine çalışmıyordu, işlemimi yapamadım.',
        "The systems were down again and I couldn't complete my transaction.",
      ],
    ],
    positive: [
      [
        'Dijital kanallar sayesinde şubeye gitmeme gerek kalmıyor.',
        'Thanks to the digital channels I no longer need to visit a branch.',
      ],
    ],
  },
  {
    key: 'digital.mobile',
    parent: 'digital',
    tr: 'Mobil uygulama',
    en: 'Mobile app',
    negativeEmotion: 'anger',
    negative: [
      [
        'Mobil uygulama sürekli donuyor ve oturumu kapatıyor.',
        'The mobile app keeps freezing and logging me out.',
      ],
      ['Güncellemeden sonra uygulamaya giriş yapamıyorum.', "Since the update I can't log in to the app."],
      [
        'Uygulamada para transferi yaparken hata aldım.',
        'I got an error while transferring money in the app.',
      ],
      ['Uygulamadaki doğrulama kodu SMS’i hiç gelmiyor.', 'The verification SMS for the app never arrives.'],
    ],
    positive: [
      ['Mobil uygulama çok hızlı ve kullanımı kolay.', 'The mobile app is fast and easy to use.'],
      [
        'Uygulamadan birkaç dakikada kredi başvurusu yaptım.',
        'I applied for a loan in the app in a few minutes.',
        'surprise',
      ],
      ['Uygulamanın yeni tasarımı harika olmuş.', 'The new design of the app is great.'],
    ],
  },
  {
    key: 'digital.internet',
    parent: 'digital',
    tr: 'İnternet şubesi',
    en: 'Internet banking',
    negativeEmotion: 'anger',
    negative: [
      ['İnternet şubesi çok yavaş açılıyor.', 'Internet banking is very slow to load.'],
      [
        'İnternet şubesinde şifre yenilemek tam bir eziyet.',
        'Resetting the password in internet banking is a real ordeal.',
      ],
    ],
    positive: [
      [
        'İnternet şubesinde her işlemi kolayca yapabiliyorum.',
        'I can do everything easily in internet banking.',
      ],
    ],
  },
  {
    key: 'atm',
    tr: 'ATM',
    en: 'ATM',
    negativeEmotion: 'anger',
    negative: [
      ['ATM kartımı yuttu ve kimse yardımcı olmadı.', 'The ATM swallowed my card and nobody helped.', 'fear'],
      [
        'Şubedeki ATM’lerin yarısı yine arızalıydı.',
        'Half of the ATMs at the branch were out of order again.',
      ],
      [
        'ATM’de para bitmişti, başka şubeye gitmek zorunda kaldım.',
        'The ATM had run out of cash and I had to go to another branch.',
      ],
    ],
    positive: [
      ['ATM’ler her zaman çalışıyor ve çok pratik.', 'The ATMs always work and are very convenient.'],
      ['ATM’den kartsız para çekmek çok kolay.', 'Cardless withdrawal at the ATM is very easy.'],
    ],
  },
  {
    key: 'environment',
    tr: 'Şube ortamı',
    en: 'Branch environment',
    negativeEmotion: 'sadness',
    negative: [
      ['Şube çok kalabalık ve havasızdı.', 'The branch was crowded and stuffy.'],
      [
        'Oturacak yer yoktu, ayakta beklemek zorunda kaldım.',
        'There was nowhere to sit and I had to wait standing.',
      ],
      [
        'Şubenin kliması çalışmıyordu, içerisi çok sıcaktı.',
        "The air conditioning wasn't working; it was very hot inside.",
      ],
    ],
    positive: [
      ['Şube temiz, ferah ve düzenliydi.', 'The branch was clean, spacious and tidy.'],
      ['Yeni şube tasarımı çok modern ve rahat.', 'The new branch design is modern and comfortable.'],
    ],
  },
  {
    key: 'loan',
    tr: 'Kredi süreci',
    en: 'Loan process',
    negativeEmotion: 'sadness',
    negative: [
      ['Kredi sürecinde hiçbir bilgilendirme yapılmadı.', 'Nobody kept me informed during the loan process.'],
      ['İstenen belgelerin sonu gelmedi.', 'The list of documents they asked for never ended.'],
    ],
    positive: [
      [
        'Kredi süreci baştan sona çok şeffaftı.',
        'The loan process was transparent from start to finish.',
        'trust',
      ],
    ],
  },
  {
    key: 'loan.interest',
    parent: 'loan',
    tr: 'Faiz oranları',
    en: 'Interest rates',
    negativeEmotion: 'anger',
    negative: [
      [
        'Faiz oranları diğer bankalardan çok daha yüksek.',
        'Interest rates are much higher than at other banks.',
      ],
      [
        'Sözleşmedeki faiz oranı bana söylenenden farklıydı.',
        'The interest rate in the contract was different from the one I was quoted.',
      ],
    ],
    positive: [
      [
        'Bana sunulan faiz oranı piyasadaki en iyi teklifti.',
        'The interest rate I was offered was the best on the market.',
      ],
    ],
  },
  {
    key: 'loan.approval',
    parent: 'loan',
    tr: 'Onay süresi',
    en: 'Approval time',
    negativeEmotion: 'sadness',
    negative: [
      ['Kredi başvurum iki haftadır sonuçlanmadı.', 'My loan application has been pending for two weeks.'],
      [
        'Konut kredisi onayı çok uzun sürdü, evi neredeyse kaçırıyordum.',
        'The mortgage approval took so long I almost lost the house.',
        'fear',
      ],
    ],
    positive: [
      [
        'Kredim aynı gün onaylandı, çok şaşırdım.',
        'My loan was approved the same day; I was amazed.',
        'surprise',
      ],
      [
        'Başvurudan birkaç saat sonra para hesabımdaydı.',
        'The money was in my account a few hours after I applied.',
      ],
    ],
  },
  {
    key: 'card',
    tr: 'Kart',
    en: 'Card',
    negativeEmotion: 'anger',
    negative: [
      [
        'Kartımla ilgili sorun haftalardır çözülmedi.',
        'The problem with my card has been unresolved for weeks.',
      ],
      [
        'Kartımdan bilgim dışında harcama yapıldı, itirazım hâlâ sonuçlanmadı.',
        "A payment I didn't make went through on my card and my dispute is still open.",
        'fear',
      ],
    ],
    positive: [
      [
        'Kart kampanyaları ve puanları çok avantajlı.',
        'The card campaigns and reward points are really worthwhile.',
      ],
    ],
  },
  {
    key: 'card.limit',
    parent: 'card',
    tr: 'Kart limiti',
    en: 'Credit limit',
    negativeEmotion: 'anger',
    negative: [
      [
        'Limit artırım talebim gerekçe gösterilmeden reddedildi.',
        'My limit increase was refused without any explanation.',
      ],
      ['Kart limitim haber verilmeden düşürüldü.', 'My card limit was lowered without warning.'],
    ],
    positive: [
      ['Limit artırım talebim anında onaylandı.', 'My limit increase was approved instantly.', 'surprise'],
    ],
  },
  {
    key: 'card.delivery',
    parent: 'card',
    tr: 'Kart teslimatı',
    en: 'Card delivery',
    negativeEmotion: 'sadness',
    negative: [
      ['Yeni kartım üç haftadır elime ulaşmadı.', 'My new card still has not arrived after three weeks.'],
      [
        'Kart kuryeyle gelecekti ama kimse gelmedi.',
        'The card was supposed to come by courier but nobody showed up.',
      ],
    ],
    positive: [['Kartım ertesi gün kapıma teslim edildi.', 'My card was delivered to my door the next day.']],
  },
];

/** Sentences around the topic sentences that carry only the mood. */
export const OPENERS: { positive: readonly Phrase[]; negative: readonly Phrase[] } = {
  positive: [
    ['Çok memnun kaldım.', 'I was very satisfied.', 'joy'],
    ['Harika bir deneyimdi.', 'It was a great experience.', 'joy'],
    ['Bankanızla çalışmaktan memnunum.', "I'm happy to be banking with you.", 'trust'],
    [
      'Yıllardır müşterinizim ve hep memnunum.',
      "I've been your customer for years and I'm always happy.",
      'trust',
    ],
  ],
  negative: [
    ['Çok hayal kırıklığına uğradım.', 'I am very disappointed.', 'sadness'],
    ['Bu kadar kötü bir hizmet beklemiyordum.', "I didn't expect such poor service.", 'anger'],
    [
      'Yıllardır müşterinizim ama ilk kez bu kadar kötü bir deneyim yaşadım.',
      "I've been a customer for years and this was my worst experience.",
      'sadness',
    ],
    ['Gerçekten çok sinirlendim.', 'I am really angry.', 'anger'],
  ],
};

export const CLOSERS: { positive: readonly Phrase[]; negative: readonly Phrase[] } = {
  positive: [
    ['Herkese tavsiye ederim.', 'I would recommend you to everyone.', 'trust'],
    ['Emeği geçen herkese teşekkürler.', 'Thanks to everyone involved.', 'joy'],
    ['Böyle devam edin.', 'Keep up the good work.', 'joy'],
  ],
  negative: [
    ['Başka bir bankaya geçmeyi düşünüyorum.', "I'm thinking of switching to another bank.", 'anger'],
    ['Lütfen bu konuyla ilgilenin.', 'Please look into this.', 'sadness'],
    ['Kimseye tavsiye etmem.', "I wouldn't recommend you to anyone.", 'anger'],
  ],
};

/** Comments without a topic and without a mood: neutral sentiment (2). */
export const NEUTRAL_COMMENTS: readonly Phrase[] = [
  ['Fena değildi, standart bir hizmet.', 'It was okay, a standard service.'],
  ['Beklediğim gibiydi.', 'It was as I expected.'],
  ['İşlemim yapıldı, o kadar.', 'My transaction was done, that is all.'],
  ['Ne iyi ne kötü.', 'Neither good nor bad.'],
  ['Her zamanki gibi.', 'Same as always.'],
];

/** Comments the analysis cannot classify (sentiment -1). */
export const UNCLASSIFIED_COMMENTS: readonly Phrase[] = [
  ['Yok', 'Nothing'],
  ['-', '-'],
  ['Yorum yok', 'No comment'],
  ['...', '...'],
];
