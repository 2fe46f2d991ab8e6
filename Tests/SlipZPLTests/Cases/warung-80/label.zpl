^XA
^MNN
^PW576^LL468^LH0,0^CI28
^FO120,6^ADN,36,20^FH^FDWARUNG BU SRI^FS
^FO180,51^ADN,18,10^FH^FD30 Nov 2026 12:45^FS
^FO0,81^ADN,18,10^FH^FDItem^FS
^FO1,81^ADN,18,10^FH^FDItem^FS
^FO0,101^GB48,1,1^FS
^FO360,81^ADN,18,10^FH^FDQty^FS
^FO361,81^ADN,18,10^FH^FDQty^FS
^FO360,101^GB36,1,1^FS
^FO480,81^ADN,18,10^FH^FDSubtotal^FS
^FO481,81^ADN,18,10^FH^FDSubtotal^FS
^FO480,101^GB96,1,1^FS
^FO0,111^ADN,18,10^FH^FDNasi Goreng Kampung Spesial     2      Rp 50.000^FS
^FO0,141^ADN,18,10^FH^FDTelur Mata Sapi^FS
^FO0,171^ADN,18,10^FH^FDEs Teh Manis                    3      Rp 15.000^FS
^FO0,201^ADN,18,10^FH^FDSate Ayam Madura (10 tusuk)     1      Rp 30.000^FS
^FO0,231^ADN,18,10^FH^FDKerupuk                         4       Rp 6.000^FS
^FO0,261^ADN,18,10^FH^FD================================================^FS
^FO0,291^ADN,18,10^FH^FDTotal^FS
^FO1,291^ADN,18,10^FH^FDTotal^FS
^FO456,291^ADN,18,10^FH^FDRp 101.000^FS
^FO457,291^ADN,18,10^FH^FDRp 101.000^FS
^FO0,321^ADN,18,10^FH^FDTunai                                 Rp 150.000^FS
^FO0,351^ADN,18,10^FH^FDKembali                                Rp 49.000^FS
^FO96,411^ADN,18,10^FH^FDTerima kasih atas kunjungan Anda^FS
^FO9,439^AAN,18,5^FPH,3^FH^FDBarang yang sudah dibeli tidak dapat ditukar atau dikembalikan^FS
^XZ
